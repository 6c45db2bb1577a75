/**
 * Rich text on the sheets: Foundry's enricher (links, rolls, secrets for owners), as
 * client/applications/sheets/base-sheet.mjs prepares `descriptionHTML`.
 */
interface Described {
  readonly id: string | null;
  readonly img?: string | null;
  readonly system: unknown;
  readonly isOwner: boolean;
}

/** `html` enriched relative to `relativeTo`, secrets shown to owners. "" for no text. */
export async function enrichForSheet(
  html: string, relativeTo: unknown, owner: boolean,
): Promise<string> {
  if (!html) return "";
  return foundry.applications.ux.TextEditor.implementation.enrichHTML(html, {
    relativeTo: relativeTo as never,
    secrets: owner,
  });
}

const textAt = (system: unknown, key: string): string => {
  const value = (system as Record<string, unknown> | null)?.[key];
  return typeof value === "string" ? value : "";
};

/**
 * A document's own rich text as its sheet shows it in play: an actor's `system.biography` as
 * `biographyHTML`, an item's `system.description` as `descriptionHTML` ("" when it has none).
 */
export async function proseOf(
  doc: { readonly system?: unknown; readonly isOwner?: boolean }, kind: "actor" | "item",
): Promise<Record<string, string>> {
  const [field, key] = kind === "actor"
    ? ["biography", "biographyHTML"] : ["description", "descriptionHTML"];
  return { [key]: await enrichForSheet(textAt(doc.system, field), doc, doc.isOwner ?? false) };
}

/**
 * The image and enriched description of each of an actor's items, by id: what its item rows show
 * when opened (the description relative to the item, secrets for the actor's owners).
 */
export async function enrichedItems(
  items: Iterable<Described>, owner: boolean,
): Promise<Map<string, { img: string; description: string }>> {
  const out = new Map<string, { img: string; description: string }>();
  for (const item of items) {
    const description = await enrichForSheet(textAt(item.system, "description"), item, owner);
    out.set(item.id ?? "", { img: item.img ?? "", description });
  }
  return out;
}
