import type { Delta } from "../../engine/deltas/delta";
import type { Sender } from "../relay/gm-relay";
import type { Recorder } from "./recorder";

/**
 * Card kinds: what a ruleset declares about one ChatMessage subtype of its, so the shell can run
 * the card's whole life: sealing it on the active GM's client when it is posted, the requests
 * players and the GM make on it (each checked, claimed once and recorded with what it changed),
 * Undo from those records, and its view for each viewer. A ruleset writes only its own rules:
 * what the seal holds, what each step checks and writes, what the card shows.
 */

/** Who is looking at a card. */
export interface Viewer {
  readonly isGM: boolean;
  readonly userId: string;
}

/** A refusal; the requesting client shows `FRAY.Relay.Reason.<reason>` (or the text itself). */
export interface Refusal {
  readonly ok: false;
  readonly reason: string;
}

/** The card as its poster posted it, read by the active GM's client when it is sealed. */
export interface PostedCard {
  readonly message: ChatMessage.Implementation;
  /** The card's system data as posted (a copy), in its kind's shape (its spec). */
  readonly data: unknown;
  /** The user who posted it (the message's author before the GM took the card over). */
  readonly poster: User.Implementation;
  /**
   * Watches what the seal writes to documents (as a step's recorder does): a seal that throws, or
   * whose record cannot be written (the card deleted under it, the server refusing), is put back.
   */
  readonly recorder: Recorder;
}

/**
 * A seal: what the GM will act on (the ruleset's shape), and optionally the ledger it starts
 * with (a card with nothing to answer may be settled at once). `refused` seals a card its poster
 * may not post as it is (nothing is ever done from it); the reason is shown on the card.
 */
export type SealResult =
  | { readonly ok: true; readonly seal: object; readonly ledger?: unknown }
  | { readonly ok: false; readonly refused: string };

/** One recorded step on a card (`system.steps[key]`): who took it, what it changed, its undo. */
export interface StepRecord {
  readonly step: string;
  readonly by: string;
  readonly deltas: readonly Delta[];
  readonly undone?: { readonly by: string };
}

/** What a card's records hold, as the active GM wrote them. */
export interface CardRecords {
  /** The seal as stored (the ruleset reads it), or null before it is sealed. */
  readonly seal: unknown;
  readonly ledger: unknown;
  readonly steps: Readonly<Record<string, StepRecord>>;
  /** The user who posted the card ("" before it is sealed). */
  readonly posterId: string;
}

/** A step request on a card, as the active GM handles it. */
export interface StepContext<R> {
  readonly message: ChatMessage.Implementation;
  /**
   * The card's records: as read before the step was claimed when it is checked, as they are once
   * it was claimed when it runs (another GM tab's step may have landed between the two).
   */
  readonly records: CardRecords;
  readonly request: R;
  readonly sender: Sender;
  /** The claim the step's check gave (set when it runs). */
  readonly claim?: string;
}

/** What a step wrote to the card's ledger: dotted paths under `system.ledger` ("" for all). */
export interface StepOutcome {
  readonly ok: true;
  readonly ledger?: Readonly<Record<string, unknown>>;
  /** Record the documents this step changed under this key, so it can be undone. */
  readonly recordAs?: string;
  /**
   * Runs on the active GM's client once the step is recorded, outside what Undo puts back: what
   * follows from the step but is not part of it (phases: a mover an opportunity attack Slowed
   * ends its turn). An error is logged; the step stands.
   */
  readonly afterwards?: () => Promise<unknown>;
}

export interface CardStep<R = unknown> {
  /** Reads the request's arguments as sent, or null when they are malformed. */
  parse(args: unknown): R | null;
  /**
   * May the sender take this step now? From the card's records, the sender and the documents,
   * never the card's editable data. @returns the claim key of the step (it happens once), or a
   * refusal.
   */
  check(context: StepContext<R>): { readonly ok: true; readonly claim: string } | Refusal;
  /**
   * Takes the step on the active GM's client, after the claim. Every document write that Undo may
   * reverse is made with the recorder watching it.
   */
  run(context: StepContext<R>, recorder: Recorder): Promise<StepOutcome | Refusal>;
}

export interface CardKind {
  /** The ChatMessage subtype (`escalationAttack`). */
  readonly type: string;
  /** Seals a card as posted (active GM). A poster who may not post it gets a refusal seal. */
  seal(posted: PostedCard): Promise<SealResult>;
  readonly steps: Readonly<Record<string, CardStep>>;
  /**
   * The card's markup for one viewer, replacing its `.fray-card`. `hidden`: the roll mode hides
   * the card's content from this viewer; render only what the viewer may still do (its buttons).
   */
  render(message: ChatMessage.Implementation, records: CardRecords, viewer: Viewer,
    hidden: boolean): Promise<string>;
  /** Wires what the ruleset's own markup does on the viewer's client (beyond step buttons). */
  wire?(message: ChatMessage.Implementation, html: HTMLElement, records: CardRecords): void;
  /**
   * Runs on the active GM's client, in its queue, after the runtime wrote the card's seal or a
   * step's records: what those records change elsewhere (a card that answers another reports its
   * outcome there). It must not fail what was recorded: an error is logged, not refused.
   */
  recorded?(message: ChatMessage.Implementation): Promise<void>;
  /**
   * Runs on the active GM's client, in its queue, once a card of this kind was deleted (its data
   * as it was: `deleted.ts`): what it started that can no longer finish is put back.
   */
  deleted?(message: ChatMessage.Implementation): Promise<void>;
  /** Only a GM may post this kind (a prompt the GM's client posts); players' are refused. */
  readonly gmOnly?: boolean;
  /**
   * Cards sealed before the runtime kept what Undo needs in the ruleset's own ledger: turns that
   * into the runtime's step records (`migration.ts`). Run on the active GM's client, which may
   * read the documents the records name.
   */
  migrate?(message: ChatMessage.Implementation, records: CardRecords):
    Readonly<Record<string, StepRecord>>;
  /**
   * Records an earlier release left in an older shape of the kind's own (shock: a card waiting
   * for its answers without its reaction window): brings a card the GM holds to the shape the
   * kind reads now, writing it itself. Run by the migration (`migration.ts`) on the active GM's
   * client, in its queue, after every card was taken over (one card's records may name another).
   * @returns whether it changed the card (its `recorded` then runs).
   */
  upgrade?(message: ChatMessage.Implementation, records: CardRecords): Promise<boolean>;
}

const kinds = new Map<string, CardKind>();

/** Registers a ruleset's card kind (during `init`). */
export function registerCardKind(kind: CardKind): void {
  kinds.set(kind.type, kind);
}

/** The card kind of a ChatMessage subtype, or undefined for any other message. */
export function cardKindOf(type: string | null | undefined): CardKind | undefined {
  return type ? kinds.get(type) : undefined;
}

/** The registered kinds' subtypes. */
export function cardTypes(): string[] {
  return [...kinds.keys()];
}

export const refuse = (reason: string): Refusal => ({ ok: false, reason });

/** Runs a kind's `recorded` after its records were written, logging what it throws. */
export async function afterRecords(kind: CardKind, message: ChatMessage.Implementation):
  Promise<void> {
  try {
    await kind.recorded?.(message);
  } catch (err) {
    console.error(`Fray | what follows a ${kind.type} card's records failed`, err);
  }
}
