import { readFileSync } from "node:fs";
import { statblockFromActor, type ActorDocumentSource, type Statblock } from "../rules/statblock";

/** The pregens' and NPCs' slugs (file names in `packs/_source/phases/<pack>/`). */
export const PREGEN_SLUGS = ["brakka-stone", "lysa-vell", "odo-marsh", "senna-quill"] as const;
export const NPC_SLUGS = [
  "bog-goblin", "cave-spider", "dire-boar", "ghoul", "goblin-archer", "ogre-brute", "orc-raider",
  "orc-shaman", "skeleton-guard", "wight-captain", "young-dragon",
] as const;

/**
 * A pack actor's statblock for phases' tests, read from the compendium sources
 * (`packs/_source/phases/<pack>/<slug>.json`) as the Foundry layer reads an actor.
 * @throws StatblockError when the source does not fit its model; the file system's error when
 *   there is no such file.
 */
export function packStatblock(pack: "pregens" | "npcs", slug: string): Statblock {
  const source = readFileSync(`packs/_source/phases/${pack}/${slug}.json`, "utf8");
  return statblockFromActor(JSON.parse(source) as ActorDocumentSource);
}
