import type { Ruleset } from "../engine/ruleset";
import { ESCALATION } from "./escalation/ruleset";

/**
 * The rulesets a world can pick, pure (no Foundry): the world setting's choices, the encounter
 * command's `--ruleset` and the build read this list. Only implemented rulesets are listed. Adding
 * a ruleset adds one line here and one in `foundry-registry.ts`.
 */
export const RULESETS: readonly Ruleset<never>[] = [ESCALATION as Ruleset<never>];

/** The ids of `RULESETS`, in order; the first is a new world's default. */
export const RULESET_IDS: readonly string[] = RULESETS.map((r) => r.id);
