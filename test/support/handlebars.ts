import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { localizerFor } from "../../src/engine/i18n";

/**
 * Real Handlebars with small stand-ins for the Foundry helpers Fray's templates use (localize
 * through lang/en.json, concat, eq, checked, selectOptions). Paths start from the repository root.
 */
export const root = process.cwd();
export const t = localizerFor(JSON.parse(readFileSync(join(root, "lang/en.json"), "utf8")) as Record<string, unknown>);
export const hb = Handlebars.create();
hb.registerHelper("localize", (key: string, options: Handlebars.HelperOptions) => t(key, options.hash as Record<string, string>));
hb.registerHelper("concat", (...args: unknown[]) => args.slice(0, -1).join(""));
hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
hb.registerHelper("ne", (a: unknown, b: unknown) => a !== b);
hb.registerHelper("checked", (v: unknown) => (v ? "checked" : ""));
hb.registerHelper("selectOptions", (choices: Record<string, string> | undefined, options: Handlebars.HelperOptions) =>
  new hb.SafeString(Object.entries(choices ?? {}).map(([k, v]) => `<option value="${k}"${k === String(options.hash.selected) ? " selected" : ""}>${options.hash.localize ? t(v) : v}</option>`).join("")));

export function render(file: string, context: unknown): string {
  return hb.compile(readFileSync(join(root, "src/rulesets/escalation/templates", file), "utf8"))(context);
}
