import { payThrall, vanishesAt } from "../rules/summons";
import { leaveFight, type Context } from "./context";
import type { Fighter } from "./fighter";

/**
 * Summons as a headless `wounds` battle ends: a summon made in the battle vanishes at its
 * conclusion unless its summoner keeps it as a thrall by paying its thrall cost in MP
 * (`rules/summons.ts` `vanishesAt`, `payThrall`). The tactics keep every summon still in the
 * fight whose summoner is in it too and has the MP, in the order they were summoned; the others
 * vanish. This comes after the winners' MP refill (`rounds.ts` `closing`), as in Foundry, where
 * a summoner answers the thrall offer once the battle is over. Source: `001_dbc5fcc02a99a518.txt` §Thralling; RULINGS.md §wounds
 * Summons (End of battle).
 */
export function settleSummons(ctx: Context): void {
  for (const s of ctx.fighters) {
    if (s.summoned === null || s.out) continue;
    const summoner = s.summonedBy as Fighter;
    const cost = s.block.thrallCost;
    const mpBefore = summoner.mp;
    const left = summoner.out ? null : payThrall(summoner.mp, cost);
    if (left !== null) summoner.mp = left;
    const thralled = left !== null;
    if (vanishesAt({ thralled, summonedInBattle: true }) === "battleEnd") {
      s.out = true;
      leaveFight(ctx, s);
      summoner.summons--;
    }
    if (ctx.record) {
      ctx.emit({
        kind: "thrall", round: ctx.round, actor: summoner.key, unit: s.key, cost, mpBefore,
        mpAfter: summoner.mp, kept: thralled,
        reason: thralled ? "paid" : summoner.out ? "summonerOut" : "noMp",
      });
    }
  }
}
