import { readFileSync } from "node:fs";
import { statblockFromActor, type ActorDocumentSource, type Statblock } from "../rules/statblock";

/**
 * A pack actor's statblock for action-points' tests, read from the compendium sources
 * (`packs/_source/action-points/<pack>/<slug>.json`) as the Foundry layer reads an actor.
 */
export function packStatblock(pack: "pregens" | "npcs", slug: string): Statblock {
  const source = readFileSync(`packs/_source/action-points/${pack}/${slug}.json`, "utf8");
  return statblockFromActor(JSON.parse(source) as ActorDocumentSource);
}
