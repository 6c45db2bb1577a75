import { registerLedgerMigration } from "../combat/ledger-migration";
import { registerKeptMigration } from "../combat/kept-migration";
import { registerKeptLifecycle } from "../combat/kept-lifecycle";
import { registerTokenMarks } from "../documents/token-marks";
import { registerKeptRequests } from "../combat/kept-spend";
import { registerInitiativeRequest } from "../combat/initiative-request";
import { aimCombatStart } from "../combat/turn-combat";
import { registerKeptStatuses } from "../combat/kept-statuses";
import { setStatusEffects, type StatusEntry } from "./status-effects";

/**
 * What every ruleset's `install()` sets in Foundry's CONFIG, in one place: its document classes,
 * its Combatant model (combatants keep Foundry's core `base` type, so only the active ruleset's
 * model is registered), its combat tracker, its status effects (client/config.mjs
 * `statusEffects`, `specialStatusEffects`), the bars and values a token may track
 * (`trackableAttributes`), its templates, the opening turn of a surprise round, and its API on
 * `game.fray`. fvtt-types types several of these for Foundry's own defaults (see
 * FOUNDRY-V13-NOTES §0), so the casts live here, once.
 */
export interface RulesetInstall {
  readonly documents: {
    readonly Actor: typeof CONFIG.Actor.documentClass;
    readonly Item: typeof CONFIG.Item.documentClass;
    readonly Combat: typeof CONFIG.Combat.documentClass;
    readonly Combatant: typeof CONFIG.Combatant.documentClass;
  };
  readonly combatantModels: Readonly<Record<string, unknown>>;
  /** The combat tracker application class (an AppV2 `CombatTracker`). */
  readonly tracker: unknown;
  /**
   * Status effects: the list Foundry offers, replaced whole, or added to Foundry's own
   * (`status-effects.ts`: descriptions, the GM's own statuses).
   */
  readonly statusEffects:
    { readonly replace: readonly StatusEntry[] } | { readonly add: readonly StatusEntry[] };
  /** Changes Foundry's special statuses (which status is invisible, blind, …). */
  readonly specialStatuses?: (special: Record<string, string>) => void;
  readonly trackableAttributes: Readonly<Record<string, { bar: string[]; value: string[] }>>;
  readonly templates: readonly string[];
  /** What macros and modules reach as `game.fray`. */
  readonly api?: Readonly<Record<string, unknown>>;
}

export function installFoundry(parts: RulesetInstall): void {
  CONFIG.Actor.documentClass = parts.documents.Actor;
  CONFIG.Item.documentClass = parts.documents.Item;
  CONFIG.Combat.documentClass = parts.documents.Combat;
  CONFIG.Combatant.documentClass = parts.documents.Combatant;
  Object.assign(CONFIG.Combatant.dataModels as Record<string, unknown>, parts.combatantModels);
  (CONFIG.ui as unknown as Record<string, unknown>).combat = parts.tracker;
  const replace = "replace" in parts.statusEffects;
  setStatusEffects(replace ? parts.statusEffects.replace : parts.statusEffects.add, replace);
  parts.specialStatuses?.(CONFIG.specialStatusEffects as unknown as Record<string, string>);
  (CONFIG.Actor as unknown as { trackableAttributes: unknown }).trackableAttributes = {
    ...parts.trackableAttributes,
  };
  Hooks.on("combatStart", aimCombatStart);
  void foundry.applications.handlebars.loadTemplates([...parts.templates]);
  if (parts.api) (game as unknown as { fray: unknown }).fray = { ...parts.api };
  registerLedgerMigration();
  registerKeptMigration();
  registerKeptLifecycle();
  registerTokenMarks();
  registerKeptStatuses();
  registerKeptRequests();
  registerInitiativeRequest();
}
