import { readFileSync } from "node:fs";
import { loadClient, type Client } from "./client";
import { wireRulesetCombat } from "./combat-client";

/* eslint-disable @typescript-eslint/no-explicit-any -- Foundry's client is untyped JavaScript */
type Any = any;

/** A wounds compendium source (`packs/_source/wounds/<path>.json`), as its pack builds it. */
export const woundsPack = (path: string): Any =>
  JSON.parse(readFileSync(`packs/_source/wounds/${path}.json`, "utf8"));

/**
 * Foundry v13's client as a world playing wounds has it for a Combat test (`client.ts`,
 * `combat-client.ts` `wireRulesetCombat`): WoundsCombat, WoundsCombatant and WoundsActor loaded
 * and set in `CONFIG`. Call in `beforeAll`.
 */
export async function woundsClient(): Promise<{
  client: Client; Combat: Any; Combatant: Any; Actor: Any;
}> {
  const client = await loadClient();
  const { WoundsCombat } = await import("../../src/rulesets/wounds/foundry/documents/combat");
  const { WoundsCombatant } = await import("../../src/rulesets/wounds/foundry/documents/combatant");
  const { WoundsActor } = await import("../../src/rulesets/wounds/foundry/documents/actor");
  await wireRulesetCombat("wounds", {
    Combat: WoundsCombat, Combatant: WoundsCombatant, Actor: WoundsActor,
  });
  return { client, Combat: WoundsCombat, Combatant: WoundsCombatant, Actor: WoundsActor };
}
/* eslint-enable @typescript-eslint/no-explicit-any */
