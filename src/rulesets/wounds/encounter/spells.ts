import { beginCast, improvementDamage, payCastAction } from "../rules/spells";
import type { Spell } from "../rules/statblock";
import { maySummon, summonSlots } from "../rules/summons";
import { joinFight, type Context } from "./context";
import type { Paid } from "./events";
import { freeNeighbour } from "./field";
import { bonusLeft, createFighter, type Fighter } from "./fighter";
import { addToOrder } from "./order";
import { strike } from "./strike";
import { chooseAim, pickTarget } from "./tactics";

/**
 * Spells in a headless `wounds` fight: a spell's MP are paid as its cast begins, then its cast
 * time one action at a time, each an Attack or a Move Action (`rules/spells.ts`); only spells one
 * turn casts are played here (channeled ones: `channel.ts`). An attack spell then rolls d20 +
 * Accuracy against the defense like a ranged weapon of its damage. A summoning spell needs a free summoning slot
 * (level, +2 Legion Leader) and puts its unit on a free square next to the caster, joining the
 * initiative order (`joinPlan`); it is sick (no action, no dodge) through the next round.
 * Source: `001_dbc5fcc02a99a518.txt` §Spell Casting, §Summoning Slots, §Summoning Sickness;
 * RULINGS.md §wounds Spells, Summons.
 */

/** Which action a cast spends first: a summon the Move Action, an attack spell the Attack. */
export type First = "attack" | "move";

/** Pays a cast: MP, then each action (`first` while it is left). False when it cannot. */
export function cast(ctx: Context, f: Fighter, spell: Spell, first: First): boolean {
  if (f.attackLeft + f.moveLeft < spell.castTime) return false;
  const begun = beginCast(f.mp, spell);
  if (!begun.ok) return false;
  const paid: Paid[] | null = ctx.record ? [] : null;
  let casting = begun.casting;
  for (let done = false; !done;) {
    const slot = (first === "attack" ? f.attackLeft : f.moveLeft) > 0 ? first
      : first === "attack" ? "move" : "attack";
    if (slot === "attack") f.attackLeft--;
    else f.moveLeft--;
    paid?.push(slot);
    ({ casting, cast: done } = payCastAction(casting, spell));
  }
  const mpBefore = f.mp;
  f.mp = begun.mp;
  if (paid) {
    ctx.emit({
      kind: "cast", round: ctx.round, actor: f.key, spell: spell.name, paid, mpBefore,
      mpAfter: f.mp,
    });
  }
  return true;
}

/** Whether a unit of the fight has `key` already. */
const keyTaken = (ctx: Context, key: string): boolean => ctx.fighters.some((x) => x.key === key);

/** Casts its summoning spell if a slot, MP, actions and a square allow; the Move Action first. */
export function trySummon(ctx: Context, f: Fighter): boolean {
  const spell = f.arms.summonSpell;
  const unit = spell ? ctx.roster.get(spell.summon) : undefined;
  if (!spell || !unit) return false;
  const slots = summonSlots(f.block.level, f.block.feats);
  if (!maySummon(f.summons, slots) || f.mp < spell.mp) return false;
  const near = pickTarget(ctx, f);
  const square = freeNeighbour(ctx, f, near ? near.at : f.at);
  if (!square || !cast(ctx, f, spell, "move")) return false;
  let key = "";
  do key = `${unit.name} ${++ctx.summonSeq}`; while (keyTaken(ctx, key));
  const s = createFighter(unit, key, f.side, ctx.roster.armsOf(unit), {
    round: ctx.round, summoner: f,
  });
  s.at.i = square.i;
  s.at.j = square.j;
  joinFight(ctx, s);
  f.summons++;
  addToOrder(ctx, s);
  if (ctx.record) {
    ctx.emit({
      kind: "summon", round: ctx.round, actor: f.key, unit: key, square: { ...square },
      summons: f.summons, summonSlots: slots, hp: s.hp, order: ctx.order.map((o) => o.id),
    });
  }
  return true;
}

/**
 * Casts its attack spell at `target` if MP and actions allow; the Attack Action first. A spell
 * with an improvement is improved with every Bonus Action left as it strikes.
 */
export function trySpellAttack(ctx: Context, f: Fighter, target: Fighter): boolean {
  const spell = f.arms.attackSpell;
  const weapon = f.arms.spellWeapon;
  if (!spell || !weapon || f.mp < spell.mp) return false;
  if (!cast(ctx, f, spell, "attack")) return false;
  const aim = chooseAim(ctx, f, target, weapon);
  let improvements = 0;
  while (spell.improvement > 0 && bonusLeft(f, ctx.round) > 0) {
    f.bonusUsed++;
    improvements++;
    if (ctx.record) {
      ctx.emit({
        kind: "improve", round: ctx.round, actor: f.key, spell: spell.name,
        amount: spell.improvement, bonusLeft: bonusLeft(f, ctx.round),
      });
    }
  }
  strike(ctx, f, target, weapon, "spell", aim, false, improvementDamage(spell, improvements));
  return true;
}
