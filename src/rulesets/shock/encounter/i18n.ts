import type { Localize } from "../../../engine/i18n";

/**
 * A `Localize` over a nested language file (the shape of `lang/en.json`), for Node: `{name}`
 * placeholders are filled from `data`; a missing key is returned as itself, as Foundry's
 * `game.i18n.format` does.
 */
export function localizerFor(language: Record<string, unknown>): Localize {
  const flat = new Map<string, string>();
  const walk = (node: unknown, prefix: string): void => {
    if (typeof node === "string") flat.set(prefix, node);
    else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(language, "");
  return (key, data) => {
    const template = flat.get(key) ?? key;
    return data ? template.replace(/\{(\w+)\}/g, (m, name: string) => (name in data ? String(data[name]) : m)) : template;
  };
}
