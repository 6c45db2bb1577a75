/**
 * A localizer: `key` is a `FRAY.` string, `data` fills its `{placeholders}`. In Foundry it is
 * `game.i18n.format`; in Node a reader of the built language file. Pure code takes one as a
 * parameter and never reads a global.
 */
export type Localize = (key: string, data?: Record<string, string | number>) => string;

/**
 * A `Localize` over a nested language file (the shape of `lang/en.json`), for Node. It mirrors
 * Foundry's `game.i18n.format`: `{name}` placeholders are filled from `data`; a missing key is
 * returned as itself, as Foundry does.
 */
export function localizerFor(language: Record<string, unknown>): Localize {
  const flat = new Map<string, string>();
  const walk = (node: unknown, prefix: string): void => {
    if (typeof node === "string") flat.set(prefix, node);
    else if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
    }
  };
  walk(language, "");
  return (key, data) => {
    const template = flat.get(key) ?? key;
    if (!data) return template;
    return template.replace(/\{(\w+)\}/g, (m, name: string) =>
      name in data ? String(data[name]) : m,
    );
  };
}
