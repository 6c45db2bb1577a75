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
 * which defines client classes Node cannot load, so the tier names the data module of each
 * ruleset here; `rulesetModels` refuses a registry that has a ruleset this table lacks.
 */
const LOADERS: Readonly<Record<string, () => Promise<RulesetModels>>> = {
  escalation: () => import("../../src/rulesets/escalation/foundry/data/register"),
  shock: () => import("../../src/rulesets/shock/foundry/data/register"),
};

/** Every registered ruleset's models, by ruleset id. @throws Error naming a ruleset without an entry. */
export async function rulesetModels(): Promise<Map<string, RulesetModels>> {
  const missing = RULESET_IDS.filter((id) => !(id in LOADERS));
  if (missing.length) throw new Error(`test/foundry/ruleset-models.ts has no entry for: ${missing.join(", ")}`);
  const out = new Map<string, RulesetModels>();
  for (const id of RULESET_IDS) out.set(id, await (LOADERS[id] as () => Promise<RulesetModels>)());
  return out;
}
