import { isFields } from "../../../../engine/requests/fields";
import { beginCast, castAtOnce, isChanneled, payCastAction, type Casting } from "../../rules/spells";
import type { Spell, Statblock } from "../../rules/statblock";
import { maySummon, summoningSick, summonSlots } from "../../rules/summons";
import { keptUp } from "../../rules/upkeep";
import type { KeptSource } from "../data/kept-spec";
import { ruleSpend, type SpendFacts } from "./spend";
import { UPKEPT_NONE, upkeepOn } from "./upkeep";

/**
 * The active GM's ruling on a cast pressed on a wounds sheet, one press at a time: the first
 * press of a cast pays the spell's MP (from the caster's actor) and one action of its cast time
 * (an Attack or a Move Action: the taker's pick, else the cheapest, `rules/economy.ts`
 * `castAction`); each further press pays one more action, on this turn or a later one. A spell of
 * no cast time is cast on the first press, paying its MP alone. Once its cast time is paid, an
 * attack spell's attack is due (`castReady`: the attack card then pays no action of its own) and
 * a summoning spell summons. A cast under way is channeling (its caster flat-footed, unless
 * Battle Caster: `rules/states.ts`) when the spell is channeled (`rules/spells.ts`
 * `isChanneled`: more than one turn, or an upkeep) or when what is left of its cast time is more
 * than the actions left this turn; it ends when the spell is cast or the cast is cancelled (MP
 * are not given back). A summoning spell needs a free summoning slot at its first press and again
 * as it is cast. A spell with an upkeep is kept up once cast (`upkeep.ts`): one at a time, its
 * caster channeling while it is on; Toggle (a Bonus Action, `toggleSpell`) turns it off or on,
 * End (`endSpell`, free) ends it. Refusals (keys under `FRAY.Wounds.Refuse.`): those of any
 * action (`spend.ts`), an unknown spell, another cast under way, another spell kept up, too few
 * MP, no free summoning slot, nothing to cancel, toggle or end. Source:
 * `001_dbc5fcc02a99a518.txt` §Spell Casting, §Attack Action, §Move Action, §Bonus Actions,
 * §Channeling, §Summoning Slots; RULINGS.md §wounds Spells, Summons.
 */
export interface CastFacts extends SpendFacts {
  /** The caster's MP now (its actor's). */
  readonly mp: number;
  /** The caster's spells (its statblock's). */
  readonly spells: readonly Spell[];
  /** Summons it holds now, and its summoning slots (`rules/summons.ts` `summonSlots`). */
  readonly summons: { readonly active: number; readonly slots: number };
}

/** The cast requests that name nothing more. */
const BARE_ACTIONS = ["cancelCast", "toggleSpell", "endSpell"] as const;

/**
 * A cast request: a press of Cast on a spell (optionally the payment option picked), Cancel, or
 * a kept-up spell's Toggle or End.
 */
export type CastRequest =
  | { readonly action: "cast"; readonly spellId: string; readonly option?: number }
  | { readonly action: (typeof BARE_ACTIONS)[number] };


/** What the GM writes and does after an allowed press. */
export interface CastDone {
  readonly ok: true;
  /** The caster's kept fields to write. */
  readonly patch: Partial<KeptSource>;
  /** The caster's MP to write, or null to leave them. */
  readonly mp: number | null;
  /** Whether the spell is cast by this press. */
  readonly cast: boolean;
  /** The spell cast summons: its `summon` (an actor id or name); "" none. */
  readonly summon: string;
  /** Whether the caster channels after this press (its status on), or not (off). */
  readonly channeling: boolean;
}

export type CastRuling = CastDone | { readonly ok: false; readonly key: string };

/** The request in `args`, or null when it is no cast request. */
export function parseCast(args: unknown): CastRequest | null {
  if (!isFields(args)) return null;
  const bare = BARE_ACTIONS.find((a) => a === args.action);
  if (bare) return { action: bare };
  if (args.action !== "cast" || typeof args.spellId !== "string" || !args.spellId) return null;
  const option = args.option;
  if (option === undefined) return { action: "cast", spellId: args.spellId };
  if (!Number.isInteger(option) || (option as number) < 0) return null;
  return { action: "cast", spellId: args.spellId, option: option as number };
}

/** Whether `args` is a cast request (so `ruleCast`, not `ruleSpend`, rules it). */
export const isCastRequest = (args: unknown): boolean =>
  isFields(args) && (args.action === "cast" || BARE_ACTIONS.some((a) => a === args.action));

const refused = (key: string): CastRuling => ({ ok: false, key });

/** The kept fields of a cast that ended (cast or cancelled). */
const ENDED: Partial<KeptSource> = { casting: "", castPaid: 0, castChanneling: false };

/**
 * Whether a cast still under way channels: a channeled spell, or more of its cast time left
 * than this turn's Attack and Move Actions can pay.
 */
export function channelsNow(
  spell: Pick<Spell, "castTime" | "upkeep">, paid: number, left: Pick<KeptSource, "attack" | "move">,
): boolean {
  return isChanneled(spell) || spell.castTime - paid > left.attack + left.move;
}

/** Whether the caster may act on its turn now, paying nothing (a spell of no cast time). */
function actNow(f: SpendFacts): { ok: true; patch: Partial<KeptSource> } | { ok: false; key: string } {
  if (!f.up) return { ok: false, key: "Down" };
  if (f.kept.summoned > 0 && summoningSick(f.kept.summoned, f.round)) return { ok: false, key: "Sick" };
  return f.ownTurn ? { ok: true, patch: {} } : { ok: false, key: "NotYourTurn" };
}

/**
 * Whether the caster channels as the GM keeps it: a cast under way that channels, or a spell
 * kept up and on. What a card reads (`rules/states.ts`), whatever its channeling status says.
 */
export const channelingKept = (
  kept: Pick<KeptSource, "casting" | "castChanneling" | "upkept" | "upkeptOff">,
): boolean => (kept.casting !== "" && kept.castChanneling) || upkeepOn(kept);

/** A ruling that writes `patch` and sets channeling as the written fields make it. */
const keptOnly = (f: CastFacts, patch: Partial<KeptSource>): CastDone => ({
  ok: true, patch, mp: null, cast: false, summon: "",
  channeling: channelingKept({ ...f.kept, ...patch }),
});

/** Cancel, Toggle or End: what the GM keeps changes, and channeling with it. */
function ruleBare(action: (typeof BARE_ACTIONS)[number], f: CastFacts): CastRuling {
  if (action === "cancelCast") return f.kept.casting ? keptOnly(f, ENDED) : refused("NotCasting");
  if (!f.kept.upkept) return refused("NothingKept");
  if (action === "endSpell") return keptOnly(f, UPKEPT_NONE);
  const paid = ruleSpend({ action: "toggleSpell" }, f);
  return paid.ok ? keptOnly(f, { ...paid.patch, upkeptOff: !f.kept.upkeptOff })
    : refused(paid.key);
}

/** The ruling on `args` for the caster the facts describe. */
export function ruleCast(args: unknown, f: CastFacts): CastRuling {
  const request = parseCast(args);
  if (!request) return refused("Unknown");
  if (request.action !== "cast") return ruleBare(request.action, f);
  const spell = f.spells.find((s) => s.id === request.spellId);
  if (!spell) return refused("NoSpell");
  if (f.kept.casting && f.kept.casting !== spell.id) return refused("Casting");
  if (keptUp(spell) && f.kept.upkept) return refused("KeepingUp");
  if (spell.summon && !maySummon(f.summons.active, f.summons.slots)) return refused("NoSummonSlot");
  const first = !f.kept.casting;
  let mp: number | null = null;
  let casting: Casting = { spellId: spell.id, paid: f.kept.castPaid };
  if (first) {
    const begun = beginCast(f.mp, spell);
    if (!begun.ok) return refused(begun.reason === "noMp" ? "NoMp" : "Unknown");
    mp = begun.mp;
    casting = begun.casting;
  }
  const atOnce = first && castAtOnce(spell);
  const option = request.option === undefined ? {} : { option: request.option };
  // Checked as any action of the turn is (down, sick, the turn); one of no cast time pays no slot.
  const paid = atOnce ? actNow(f) : ruleSpend({ action: "castAction", ...option }, f);
  if (!paid.ok) return refused(paid.key);
  const slots = atOnce ? {} : paid.patch;
  const step = atOnce ? { casting, cast: true } : payCastAction(casting, spell);
  if (step.cast) {
    const ready = spell.damage ? { castReady: spell.id } : {};
    const up = keptUp(spell) ? { upkept: spell.id, upkeptOff: false } : {};
    return {
      ok: true, patch: { ...slots, ...ENDED, ...ready, ...up }, mp, cast: true,
      summon: spell.summon, channeling: upkeepOn({ ...f.kept, ...up }),
    };
  }
  const left = { attack: paid.patch.attack ?? f.kept.attack, move: paid.patch.move ?? f.kept.move };
  const castChanneling = channelsNow(spell, step.casting.paid, left);
  return {
    ok: true, patch: { ...slots, casting: spell.id, castPaid: step.casting.paid, castChanneling },
    mp, cast: false, summon: "", channeling: upkeepOn(f.kept) || castChanneling,
  };
}

/**
 * The GM request of a summoning spell cast outside a battle, `{ tokenUuid, spellId }`: the
 * token its caster acts from, and the spell (`foundry/gm/cast.ts`).
 */
export const SUMMON_OUTSIDE = "woundsSummonOutside";

/** What a cast outside a battle does: the MP left, and the unit it summons ("" none). */
export interface CastOutside {
  readonly mp: number;
  readonly summon: string;
}

/**
 * Outside a started combat a cast pays its MP alone (no action and no channeling: those are a
 * battle's turns'); a summoning spell needs a free summoning slot (`held`: the summons its caster
 * holds, `summon-marks.ts` `summonsOf`, against its slots, `rules/summons.ts` `summonSlots`) and
 * summons its unit, which persists until a battle begins unless thralled. A spell summoning
 * nothing reads no slot (`held` may be left out). @returns what the cast does, or the refusal
 * key (`FRAY.Wounds.Refuse.`). Source: `001_dbc5fcc02a99a518.txt` §Spell Casting, §Thralling
 * ("summoned units cast outside of battle"), §Summoning Slots.
 */
export function castOutsideCombat(
  caster: Pick<Statblock, "mp" | "level" | "feats">, spell: Spell | undefined, held = 0,
): CastOutside | string {
  if (!spell) return "NoSpell";
  const slots = summonSlots(caster.level, caster.feats);
  if (spell.summon && !maySummon(held, slots)) return "NoSummonSlot";
  const begun = beginCast(caster.mp, spell);
  return begun.ok ? { mp: begun.mp, summon: spell.summon } : "NoMp";
}

/**
 * The cast facts of a caster from its spend facts, its statblock and the summons it holds still
 * up, wherever they stand (`held`: this battle's, thralls, summons cast outside a battle, counted
 * from the GM's marks, `summon-marks.ts` `summonsOf`).
 */
export function castFactsOf(
  spend: SpendFacts, block: Pick<Statblock, "mp" | "spells" | "level" | "feats">, held: number,
): CastFacts {
  return {
    ...spend, mp: block.mp, spells: block.spells,
    summons: { active: held, slots: summonSlots(block.level, block.feats) },
  };
}
