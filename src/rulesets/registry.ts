import type { Ruleset } from "../engine/ruleset";
import type { RulesetManifest } from "../shell/manifest";
import { ESCALATION } from "./escalation/ruleset";
import { ESCALATION_MANIFEST } from "./escalation/manifest";
import { SHOCK } from "./shock/ruleset";
import { SHOCK_MANIFEST } from "./shock/manifest";
import { ACTION_POINTS } from "./action-points/ruleset";
import { ACTION_POINTS_MANIFEST } from "./action-points/manifest";
import { PHASES } from "./phases/ruleset";
import { PHASES_MANIFEST } from "./phases/manifest";
import { WOUNDS } from "./wounds/ruleset";
import { WOUNDS_MANIFEST } from "./wounds/manifest";

/** A registered ruleset's pure parts: its rules description and its part of the manifest. */
export interface RulesetEntry {
  readonly rules: Ruleset<never>;
  readonly manifest: RulesetManifest;
}

/**
 * The rulesets a world can pick, pure (no Foundry): the world setting's choices, the encounter
 * command's `--ruleset` and the build (manifest, packs) read this list. Only implemented rulesets
 * are listed. Adding a ruleset adds one entry here and one in `foundry-registry.ts`.
 */
export const REGISTRY: readonly RulesetEntry[] = [
  { rules: ESCALATION as Ruleset<never>, manifest: ESCALATION_MANIFEST },
  { rules: SHOCK as Ruleset<never>, manifest: SHOCK_MANIFEST },
  { rules: ACTION_POINTS as Ruleset<never>, manifest: ACTION_POINTS_MANIFEST },
  { rules: PHASES as Ruleset<never>, manifest: PHASES_MANIFEST },
  { rules: WOUNDS as Ruleset<never>, manifest: WOUNDS_MANIFEST },
];

/** Each ruleset's rules description, in registry order; the first is a new world's default. */
export const RULESETS: readonly Ruleset<never>[] = REGISTRY.map((e) => e.rules);

/** The ids of `RULESETS`, in order. */
export const RULESET_IDS: readonly string[] = RULESETS.map((r) => r.id);
