import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { RULESET_IDS } from "../../src/rulesets/registry";

/** A ruleset's data models as its `foundry/data/register.ts` exports them. */
export interface RulesetModels {
  /** Actor, Item and ChatMessage models: registered in every world. */
  readonly DATA_MODELS: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Combatant models (Foundry's `base` type): registered while the ruleset is the world's. */
  readonly COMBATANT_MODELS: Readonly<Record<string, unknown>>;
}

/**
 * Each registered ruleset's data models, loaded only once Foundry's data layer is in place (the
 * models extend its TypeDataModel). The entry point gets them from each ruleset's Foundry part,
 * which defines client classes Node cannot load; every ruleset keeps its models' registration in
 * `src/rulesets/<id>/foundry/data/register.ts`, so the tier loads that module by convention and a
 * new ruleset needs no entry here.
 * @throws Error naming a registered ruleset without that module.
 */
export async function rulesetModels(): Promise<Map<string, RulesetModels>> {
  const out = new Map<string, RulesetModels>();
  for (const id of RULESET_IDS) {
    const file = join(process.cwd(), "src/rulesets", id, "foundry/data/register.ts");
    if (!existsSync(file)) throw new Error(`the ruleset ${id} has no foundry/data/register.ts`);
    out.set(id, (await import(/* @vite-ignore */ pathToFileURL(file).href)) as RulesetModels);
  }
  return out;
}
