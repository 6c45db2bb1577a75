import type { FoundryRuleset } from "../ruleset-module";

/** What a world holds that belongs to another ruleset than the one it now plays. */
export interface ForeignSummary {
  readonly actors: number;
  readonly items: number;
  /** Encounters created before the switch: their combatants follow the old ruleset's rules. */
  readonly combats: number;
}

/**
 * Counts the world's documents of other rulesets. Pure: the caller passes the subtypes of the
 * world's actors and items (world items and items carried by actors) and the number of combats.
 * @param ownTypes the active ruleset's subtypes by document name.
 */
export function foreignSummary(
  ownTypes: Readonly<Partial<Record<"Actor" | "Item", readonly string[]>>>,
  world: { actorTypes: readonly string[]; itemTypes: readonly string[]; combats: number },
): ForeignSummary {
  const foreign = (types: readonly string[], own: readonly string[] | undefined) =>
    types.filter((t) => !(own ?? []).includes(t)).length;
  return {
    actors: foreign(world.actorTypes, ownTypes.Actor),
    items: foreign(world.itemTypes, ownTypes.Item),
    combats: world.combats,
  };
}

/**
 * After the GM switches the world's ruleset (the setting needs a reload), the first GM client that
 * is ready whispers the GMs a chat card listing what now belongs to another ruleset: open
 * encounters and actors and items of other rulesets. Those documents stay valid (every ruleset's
 * data models are registered in every world) but the active ruleset's sheets and rules do not
 * play them. The ruleset last seen is kept in the hidden world setting `fray.lastRuleset`.
 */
export function registerSwitchNotice(active: FoundryRuleset): void {
  Hooks.once("ready", () => {
    if (!game.user?.isActiveGM) return;
    const previous = String(game.settings!.get("fray", "lastRuleset") ?? "");
    if (previous === active.id) return;
    void game.settings!.set("fray", "lastRuleset", active.id);
    // A new world has seen no ruleset yet: nothing can be foreign.
    if (!previous) return;
    const ownTypes = {
      Actor: Object.keys(active.dataModels.Actor ?? {}),
      Item: Object.keys(active.dataModels.Item ?? {}),
    };
    const actors = game.actors?.contents ?? [];
    const summary = foreignSummary(ownTypes, {
      actorTypes: actors.map((a) => a.type),
      itemTypes: [...(game.items?.contents ?? []), ...actors.flatMap((a) => a.items.contents)]
        .map((i) => i.type),
      combats: game.combats?.size ?? 0,
    });
    void postSwitchCard(previous, active.id, summary);
  });
}

async function postSwitchCard(
  previous: string,
  now: string,
  summary: ForeignSummary,
): Promise<void> {
  const i18n = game.i18n!;
  const name = (id: string) => i18n.localize(`FRAY.Ruleset.${id}`);
  const lines = [
    i18n.format("FRAY.Ruleset.Switched", { previous: name(previous), now: name(now) }),
  ];
  const counts = [
    ["Combats", summary.combats],
    ["Actors", summary.actors],
    ["Items", summary.items],
  ] as const;
  for (const [key, count] of counts) {
    if (count > 0) lines.push(i18n.format(`FRAY.Ruleset.Foreign${key}`, { count: String(count) }));
  }
  if (lines.length === 1) lines.push(i18n.localize("FRAY.Ruleset.NothingForeign"));
  const gms = (game.users?.contents ?? []).filter((u) => u.isGM).map((u) => u.id ?? "");
  const content = lines.map((l) => `<p>${foundry.utils.escapeHTML(l)}</p>`).join("");
  await ChatMessage.create({
    content,
    whisper: gms,
    speaker: { alias: "Fray" },
  } as ChatMessage.CreateData);
}
