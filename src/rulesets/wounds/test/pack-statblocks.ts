import { readdirSync, readFileSync } from "node:fs";
import { statblockFromSource, type Statblock } from "../rules/statblock";

/** The pregens' and NPCs' slugs (file names in `packs/_source/wounds/<pack>/`). */
export const PREGEN_SLUGS = ["garrick-holt", "orla-venn", "tamsin-reed", "wren-ashby"] as const;
export const NPC_SLUGS = [
  "ashhound", "bandit-archer", "cave-bear", "goblin-cutter", "goblin-slinger", "grave-rat",
  "hedge-witch", "iron-sentinel", "marsh-lurker", "orc-brute", "orc-warchief",
  "skeleton-spearman",
] as const;

const ROOT = new URL("../../../../packs/_source/wounds/", import.meta.url).pathname;

/** A pack document's source as stored (`packs/_source/wounds/<pack>/<slug>.json`). */
export const packSource = (pack: string, slug: string): Record<string, unknown> =>
  JSON.parse(readFileSync(`${ROOT}${pack}/${slug}.json`, "utf8")) as Record<string, unknown>;

/** Every document of a pack with its slug, in file-name order (the commands' `PackReader`). */
export const packDocuments = (pack: string): { slug: string; doc: Record<string, unknown> }[] =>
  readdirSync(`${ROOT}${pack}`).filter((f) => f.endsWith(".json")).sort()
    .map((f) => ({ slug: f.slice(0, -5), doc: packSource(pack, f.slice(0, -5)) }));

/**
 * A pack actor's statblock for wounds' tests, read as the Foundry layer will read it.
 * @throws StatblockError when the source does not fit its model.
 */
export function packStatblock(pack: "pregens" | "npcs", slug: string): Statblock {
  return statblockFromSource(packSource(pack, slug));
}
