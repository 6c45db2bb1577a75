import { expect } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FAULT } from "../support/foundry-documents";
import { hpAfterDamage, hpAfterHealing, healthState } from "../../src/rulesets/escalation/rules/health";
import { isDead, startLastGasp, type DeathTrack } from "../../src/rulesets/escalation/rules/death-save";
import { deathAfterHpChange } from "../../src/rulesets/escalation/play/actors/death-track";
import { hpChange } from "../../src/rulesets/escalation/play/cards/hp-change";
import { sealAttack, type AttackSeal, type SealedTarget } from "../../src/rulesets/escalation/play/cards/card-seal";
import { APPLY_MODES, type ApplyMode, type AttackCard } from "../../src/rulesets/escalation/play/cards/card-spec";
import { DURATIONS } from "../../src/rulesets/escalation/rules/constants";
import { timingOf } from "../../src/rulesets/escalation/play/actors/timed-effects";
import { sameJson } from "../../src/engine/deltas/delta";
import type { EscalationWorld } from "../support/escalation-world";

/**
 * What an escalation attack card as sealed allows, as a model the fuzz of its requests
 * (`escalation-requests-fuzz.test.ts`) checks the world against after every request: who may take
 * which step (RULINGS and `relay-check.ts`: the author applies and undoes its own applies, the GM
 * also halves, doubles and heals; durations until applied), what an Apply does to the documents
 * (the sealed damage through the rules' HP functions, Last Gasp, a Confused attacker's
 * self-damage, the sealed conditions with the picked durations) and what an Undo owes (each actor
 * it changed back by what the step changed, refused when a bound or a character's death track
 * says it is no longer exact). The model keeps its own HP and death tracks: only what it allowed
 * may have happened. Source: `000_c2dc3d650823e22d.txt` §Damage, §Dying and Death.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

const root = join(import.meta.dirname, "../..");
const read = (path: string) => JSON.parse(readFileSync(join(root, path), "utf8"));
const lang = read("lang/en.json");
/** The refusals a client can show (`FRAY.Relay.Reason.<reason>`). */
const REASONS = new Set(Object.keys(lang.FRAY.Relay.Reason));
/** Every string key of the shell's and escalation's lang files (a thrown refusal names one). */
const KEYS = new Set<string>();
const walk = (o: unknown, at: string): void => {
  if (typeof o === "string") KEYS.add(at);
  else if (typeof o === "object" && o !== null)
    for (const [k, v] of Object.entries(o)) walk(v, at ? `${at}.${k}` : k);
};
for (const file of ["lang/en.json", ...["en", "cards", "sheets"].map((f) => `src/rulesets/escalation/lang/${f}.json`)])
  walk(read(file), "");

/** Whether an answer is a result: ok, or refused with a reason the client can show. */
export function expectResult(answer: unknown, faulted: boolean): void {
  expect(answer).toBeTypeOf("object");
  const a = answer as { ok?: unknown; reason?: unknown };
  if (a.ok === true) {
    expect(Object.keys(a)).toEqual(["ok"]);
    return;
  }
  expect(a.ok).toBe(false);
  expect(typeof a.reason).toBe("string");
  const reason = a.reason as string;
  // A known refusal, a localized message a workflow threw, or (only when a document was deleted
  // under the request, or a write refused) the server's refusal of a write.
  const known = REASONS.has(reason) || KEYS.has(reason)
    || (faulted && reason.startsWith(FAULT));
  expect(known, `an unexplained refusal: ${reason}`).toBe(true);
}


export interface ActorModel {
  readonly doc: any;
  hp: number;
  readonly max: number;
  readonly isPC: boolean;
  death: DeathTrack | null;
  /** The timed effects the model allowed, by id. */
  readonly effects: Set<string>;
}

interface Change {
  readonly model: ActorModel;
  readonly hpBefore: number;
  hpAfter: number;
  readonly deathBefore: DeathTrack | null;
  deathAfter: DeathTrack | null;
}

interface Applied {
  /** Applied while a document was deleted under it: what its record holds is not known. */
  readonly uncertain: boolean;
  readonly by: string;
  readonly mode: ApplyMode;
  readonly changes: Change[];
  readonly effects: { model: ActorModel; ids: string[] };
}

/**
 * `planner`: Undo refused by the exactness check (any of its reasons); `either`: that or done
 * (an Undo of a step taken while a document was deleted under it).
 */
export type Expected = { ok: true } | { ok: false; reason: string } | { ok: false; planner: true }
  | { either: true };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isIndex = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/** The actors of a world as the model keeps them. */
export function actorModels(w: EscalationWorld): Map<any, ActorModel> {
  return new Map([w.brann, w.tam, w.oriel, w.hag].map((doc: any) => [doc, {
    doc, hp: doc.system.hp.value, max: doc.system.hp.max, isPC: doc.isPC,
    death: doc.isPC ? structuredClone(doc.system.death) : null, effects: new Set<string>(),
  }]));
}

/** The HP change of `changeHp` in the model (the rules' functions, a PC's death track). */
function changeHp(m: ActorModel, delta: number, crit: boolean): void {
  if (delta === 0) return;
  const before = m.hp;
  const after = delta < 0 ? hpAfterDamage(before, -delta, m.isPC) : hpAfterHealing(before, delta, m.max);
  if (m.isPC && m.death) m.death = deathAfterHpChange(m.death as any, { before, after, hpMax: m.max, crit });
  m.hp = after;
}

export class CardModel {
  /** The seal the GM must act on, once sealed (`refused` when the poster may not post it). */
  seal: AttackSeal | { kind: "refused"; reason: string } | null = null;
  readonly rows = new Map<number, { applied: Applied | null; picks: Record<number, string> }>();
  readonly authorId: string;

  constructor(readonly actors: Map<any, ActorModel>, authorId: string) {
    this.authorId = authorId;
  }

  /** The model's seal of a card as the GM read it, for a poster who owns `owned` actors. */
  sealFrom(content: AttackCard, owns: (uuid: string) => boolean): void {
    this.seal = owns(content.actorUuid)
      ? sealAttack(structuredClone(content), this.authorId)
      : { kind: "refused", reason: "notOwner" };
  }

  row(index: number) {
    let r = this.rows.get(index);
    if (!r) this.rows.set(index, (r = { applied: null, picks: {} }));
    return r;
  }

  /** The model of the actor a sealed target names now (null: its token or actor is gone). */
  targetActor(target: SealedTarget, world: (uuid: string) => any): ActorModel | null {
    const actor = world(target.tokenUuid)?.actor;
    return actor && !actor.deleted ? this.actors.get(actor) ?? null : null;
  }

  attacker(world: (uuid: string) => any): ActorModel | null {
    const seal = this.seal;
    if (!seal || seal.kind !== "attack") return null;
    const doc = world(seal.actorUuid);
    return doc && !doc.deleted ? this.actors.get(doc) ?? null : null;
  }

  /** Whether a step's arguments parse (`attack-steps.ts`'s parse, as the card's spec says). */
  static parses(step: string, args: unknown): boolean {
    if (!isObject(args) || !isIndex(args.index)) return false;
    if (step === "apply") return (APPLY_MODES as readonly unknown[]).includes(args.mode);
    if (step === "undo") return true;
    if (step === "duration")
      return isIndex(args.effect) && (DURATIONS as readonly unknown[]).includes(args.value);
    return false;
  }

  /**
   * The answer the GM owes a sealed card's step. `planner`: Undo refused by the exactness check
   * (any of its reasons).
   */
  expect(sender: { id: string; isGM: boolean }, step: string, args: any, world: (uuid: string) => any)
    : Expected {
    if (!CardModel.parses(step, args)) return { ok: false, reason: "badRequest" };
    const seal = this.seal;
    if (!seal) return { ok: false, reason: "unsealed" };
    if (seal.kind === "refused") return { ok: false, reason: "sealRefused" };
    const mine = sender.isGM || sender.id === this.authorId;
    const target = seal.targets[args.index];
    const applied = this.rows.get(args.index)?.applied ?? null;
    if (step === "duration") {
      if (!mine) return { ok: false, reason: "notAuthor" };
      if (!target?.effects[args.effect]) return { ok: false, reason: "notOnCard" };
      return applied ? { ok: false, reason: "alreadyApplied" } : { ok: true };
    }
    if (!mine) return { ok: false, reason: "notAuthor" };
    if (step === "apply" && !sender.isGM && args.mode !== "apply") return { ok: false, reason: "gmOnly" };
    if (!target) return { ok: false, reason: "notOnCard" };
    if (step === "apply") {
      if (applied) return { ok: false, reason: "alreadyApplied" };
      return this.targetActor(target, world) ? { ok: true } : { ok: false, reason: "noTarget" };
    }
    if (!applied) return { ok: false, reason: "notApplied" };
    if (!sender.isGM && applied.by !== sender.id) return { ok: false, reason: "notYours" };
    if (applied.uncertain) return { either: true };
    return this.undoable(applied) ? { ok: true } : { ok: false, planner: true };
  }

  /** Whether an Undo is still exact: every actor it changed is there, within bounds, as left. */
  private undoable(applied: Applied): boolean {
    return applied.changes.every(({ model, hpBefore, hpAfter, deathAfter }) => {
      if (model.doc.deleted) return false;
      if (model.isPC && !sameJson(model.death, deathAfter)) return false;
      const undone = model.hp - (hpAfter - hpBefore);
      return undone <= model.max && (model.isPC || undone >= 0);
    });
  }

  /**
   * Takes an Apply the GM answered `ok` into the model: the target's HP, Last Gasp, the attacker's
   * self-damage (when it is still there), and the effects the step created, which must be the
   * sealed ones with the durations picked.
   */
  applied(sender: { id: string }, args: { index: number; mode: ApplyMode }, world: (uuid: string) => any,
    before: { target: any; attacker: any; timed: Set<string>; posted: readonly string[] },
    uncertain = false): void {
    const seal = this.seal as AttackSeal;
    const target = seal.targets[args.index]!;
    const row = this.row(args.index);
    const changes: Change[] = [];
    const touch = (m: ActorModel) => {
      let c = changes.find((x) => x.model === m);
      if (!c) {
        c = { model: m, hpBefore: m.hp, hpAfter: m.hp, deathBefore: structuredClone(m.death), deathAfter: null };
        changes.push(c);
      }
      return c;
    };
    // The target as the step found it (it may have been deleted since).
    const actor = before.target ? this.actors.get(before.target) ?? null : null;
    const hurts = args.mode !== "heal";
    let created: string[] = [];
    if (actor) {
      touch(actor);
      changeHp(actor, hpChange(args.mode, target.damage), target.crit);
      if (hurts) created = this.createdEffects(actor, target, row.picks, before.timed, before.posted);
      if (hurts && target.lastGasp && actor.isPC && actor.death && !actor.death.lastGasp)
        actor.death = startLastGasp(actor.death);
    }
    const attacker = hurts && target.selfDamage > 0 && before.attacker
      ? this.actors.get(before.attacker) ?? null : null;
    if (attacker) {
      touch(attacker);
      changeHp(attacker, -target.selfDamage, false);
    }
    for (const c of changes) {
      c.hpAfter = c.model.hp;
      c.deathAfter = structuredClone(c.model.death);
    }
    // Recorded: a character's death track always (exact), HP when it changed.
    const recorded = changes.filter((c) => c.model.isPC || c.hpAfter !== c.hpBefore);
    row.applied = {
      uncertain, by: sender.id, mode: args.mode, changes: recorded, effects: { model: actor!, ids: created },
    };
  }

  /** The effects an Apply created on its target: only the sealed conditions, as picked. */
  private createdEffects(actor: ActorModel, target: SealedTarget, picks: Record<number, string>,
    before: Set<string>, posted: readonly string[]): string[] {
    const now = timedEffects(actor.doc);
    const made = [...now.keys()].filter((id) => !before.has(id));
    const wanted = target.effects.map((e, i) => ({ ...e, duration: picks[i] ?? durationOr(posted[i]) }));
    const unused = [...wanted];
    for (const id of made) {
      const timing = now.get(id)!;
      const at = unused.findIndex((e) => e.id === timing.condition && e.duration === timing.duration
        && e.save === timing.save && e.amount === timing.amount && e.damageType === timing.damageType);
      expect(at, `an effect the card does not give: ${JSON.stringify(timing)}`).toBeGreaterThanOrEqual(0);
      unused.splice(at, 1);
      actor.effects.add(id);
    }
    // Only an exact twin already there (or earlier in the same list) adds nothing.
    const present = [...before].map((id) => now.get(id)?.condition);
    for (const e of unused) {
      const twin = present.includes(e.id) || wanted.filter((w) => w.id === e.id).length > 1;
      expect(twin, `a sealed ${e.id} was not applied`).toBe(true);
    }
    return made;
  }

  /** Takes an Undo the GM answered `ok` into the model. */
  undone(index: number): void {
    const row = this.row(index);
    const applied = row.applied!;
    for (const c of [...applied.changes].reverse()) {
      c.model.hp -= c.hpAfter - c.hpBefore;
      if (c.model.isPC) c.model.death = structuredClone(c.deathBefore);
    }
    for (const id of applied.effects.ids) applied.effects.model?.effects.delete(id);
    row.applied = null;
  }

  /** Takes a duration pick the GM answered `ok` into the model. */
  picked(args: { index: number; effect: number; value: string }): void {
    this.row(args.index).picks[args.effect] = args.value;
  }
}

/** A duration as `effectsToApply` reads it: one of the text's, else save ends. */
const durationOr = (d: string | undefined): string =>
  (DURATIONS as readonly (string | undefined)[]).includes(d) ? d! : "saveEnds";

/** An actor's timed effects (Fray's, with a timing flag) by id, with their condition and timing. */
export function timedEffects(actor: any): Map<string, { condition: string } & Record<string, any>> {
  const out = new Map<string, { condition: string } & Record<string, any>>();
  for (const e of actor.effects.values()) {
    const timing = timingOf(e);
    if (!timing) continue;
    out.set(e.id, { ...timing, condition: [...e.statuses][0] as string });
  }
  return out;
}

/**
 * Checks the world against the model: every actor still there has the model's HP, death track and
 * timed effects, and health markers in line with them (`syncHealthStatuses`).
 */
export function checkActors(actors: Map<any, ActorModel>, when: string): void {
  for (const m of actors.values()) {
    const doc = m.doc;
    if (doc.deleted) continue;
    const what = `${doc.name} after ${when}`;
    expect(doc.system.hp.value, `${what}: HP`).toBe(m.hp);
    if (m.isPC) expect(doc.system.death, `${what}: death track`).toEqual(m.death);
    expect(new Set(timedEffects(doc).keys()), `${what}: timed effects`).toEqual(m.effects);
    const state = healthState(m.hp, m.max, m.isPC);
    const dead = m.isPC ? isDead(m.death!) : state === "defeated";
    const markers = ["staggered", "dying", "dead"].filter((s) => doc.statuses.has(s)).sort();
    const want = [
      ...(dead ? ["dead"] : []),
      ...(m.isPC && state === "dying" && !dead ? ["dying"] : []),
      ...(state === "staggered" ? ["staggered"] : []),
    ].sort();
    expect(markers, `${what}: health markers`).toEqual(want);
  }
}
