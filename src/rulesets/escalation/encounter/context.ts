import type { DiceRoller } from "../../../engine/dice/roller";
import type { EncounterEvent, Side } from "./events";
import { upChangeCount, winnerOf, type Fighter } from "./fighter";

/**
 * What every step of a headless turn needs: the dice, the round, and where events go. One object
 * per encounter; the runner moves `round`, `escalation`, `turn` and `upcoming` along (steps only
 * read them, except Delay, which puts its fighter back into `upcoming`).
 */
export interface TurnContext {
  /** Events are built only when recording (off for fast trials). */
  readonly record: boolean;
  round: number;
  escalation: number;
  readonly roller: DiceRoller;
  readonly emit: (e: EncounterEvent) => void;
  /** Everyone in the encounter (targets, allies to stabilise, sources of effects). */
  readonly fighters: readonly Fighter[];
  /**
   * The fighters of the other side, and of `f`'s own side (`f` included), in `fighters` order:
   * the searches for targets, engaged foes and allies to help run over these halves, every turn.
   */
  foesOf(f: Fighter): readonly Fighter[];
  alliesOf(f: Fighter): readonly Fighter[];
  /** Key of the fighter whose turn it is (null between turns, e.g. during a readied action). */
  turn: string | null;
  /** Next effect instance id (shared by the whole encounter). */
  nextEffect(): string;
  /** Next attack roll id (shared by the whole encounter). */
  nextAttack(): string;
  /** The fighters still to take a turn this round, in turn order. */
  readonly upcoming: Fighter[];
  /** Someone's band moved (Delay, a readied action): the turn order is sorted again next round. */
  reordered: boolean;
  /** Someone readied an action this round (else no turn needs to look for one to trigger). */
  readiedThisRound: boolean;
  /**
   * The side left standing once the other has nobody up (`winnerOf`), else null. Once it is not
   * null the fight is over: no further action, reaction or turn's end happens in it. Asked after
   * every step that can drop someone; worked out again only when someone's health state or Last
   * Gasp changed since (`upChangeCount`).
   */
  winner(): Side | null;
}

/**
 * A fresh context for one encounter.
 * @param prefix starts every effect id (`<prefix>e<n>`) and attack id (`<prefix>a<n>`), so ids
 *   stay unique over a day of fights.
 */
export function createContext(options: {
  readonly record: boolean;
  readonly roller: DiceRoller;
  readonly emit: (e: EncounterEvent) => void;
  readonly fighters: readonly Fighter[];
  readonly prefix?: string;
}): TurnContext {
  return new EncounterContext(
    options.record,
    options.roller,
    options.emit,
    options.fighters,
    options.prefix ?? "",
  );
}

/** A class rather than closures: trials make one per fight, and its methods are shared. */
class EncounterContext implements TurnContext {
  round = 0;
  escalation = 0;
  turn: string | null = null;
  readonly upcoming: Fighter[] = [];
  reordered = false;
  readiedThisRound = false;
  #effects = 0;
  #seen = -1;
  #winner: Side | null = null;
  #attacks = 0;
  readonly #party: readonly Fighter[];
  readonly #enemies: readonly Fighter[];

  constructor(
    readonly record: boolean,
    readonly roller: DiceRoller,
    readonly emit: (e: EncounterEvent) => void,
    readonly fighters: readonly Fighter[],
    private readonly prefix: string,
  ) {
    this.#party = fighters.filter((f) => f.side === "party");
    this.#enemies = fighters.filter((f) => f.side !== "party");
  }

  foesOf(f: Fighter): readonly Fighter[] {
    return f.side === "party" ? this.#enemies : this.#party;
  }

  alliesOf(f: Fighter): readonly Fighter[] {
    return f.side === "party" ? this.#party : this.#enemies;
  }

  nextEffect(): string {
    const n = ++this.#effects;
    // Without a prefix (single fights, trials) the ids repeat from fight to fight: built once.
    return this.prefix ? `${this.prefix}e${n}` : (EFFECT_IDS[n] ??= `e${n}`);
  }

  nextAttack(): string {
    return `${this.prefix}a${++this.#attacks}`;
  }

  winner(): Side | null {
    const changes = upChangeCount();
    if (changes !== this.#seen) {
      this.#seen = changes;
      this.#winner = winnerOf(this.fighters);
    }
    return this.#winner;
  }
}

const EFFECT_IDS: string[] = [];
