import Handlebars from "handlebars";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { localizerFor, type Localize } from "../../src/engine/i18n";
import { languageFor } from "../../scripts/lib/lang";

/**
 * Real Handlebars with stand-ins for the Foundry v13 helpers Fray's templates use
 * (client/applications/handlebars.mjs registers them in Foundry: localize, concat, eq/ne/lt/gt,
 * not/and/or, ifThen, checked, disabled, numberFormat, selectOptions). Paths start from the
 * repository root; each ruleset renders its own templates with its world's strings, and every one
 * of its templates is registered as a partial under the path Foundry serves it from
 * (`systems/fray/templates/<id>/<path>`), as Foundry's `loadTemplates` does, so a template that
 * includes another renders here as it does there; so is every template of the shell
 * (`systems/fray/templates/shell/<path>`).
 */
export const root = process.cwd();

/** A Handlebars renderer of one ruleset's templates with that ruleset's strings. */
export interface Renderer {
  t: Localize;
  hb: typeof Handlebars;
  render(file: string, context: unknown): string;
  /** Renders one of the shell's own templates (src/shell/templates) with this ruleset's strings. */
  renderShell(file: string, context: unknown): string;
}

export function rendererFor(ruleset: string): Renderer {
  const t = localizerFor(languageFor(ruleset));
  const hb = Handlebars.create();
  hb.registerHelper("localize", (key: string, options: Handlebars.HelperOptions) =>
    t(key, options.hash as Record<string, string>));
  hb.registerHelper("concat", (...args: unknown[]) => args.slice(0, -1).join(""));
  hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
  hb.registerHelper("ne", (a: unknown, b: unknown) => a !== b);
  hb.registerHelper("lt", (a: number, b: number) => a < b);
  hb.registerHelper("gt", (a: number, b: number) => a > b);
  hb.registerHelper("not", (a: unknown) => !a);
  hb.registerHelper("and", (...args: unknown[]) => args.slice(0, -1).every(Boolean));
  hb.registerHelper("or", (...args: unknown[]) => args.slice(0, -1).some(Boolean));
  hb.registerHelper("ifThen", (test: unknown, a: unknown, b: unknown) => (test ? a : b));
  hb.registerHelper("checked", (v: unknown) => (v ? "checked" : ""));
  hb.registerHelper("disabled", (v: unknown) => (v ? "disabled" : ""));
  hb.registerHelper("numberFormat", (value: unknown, options: Handlebars.HelperOptions) => {
    const n = Number(value);
    const text = n.toFixed(Number(options.hash.decimals ?? 0));
    return new hb.SafeString(options.hash.sign && n >= 0 ? `+${text}` : text);
  });
  hb.registerHelper("selectOptions", (choices: Record<string, string> | undefined,
    options: Handlebars.HelperOptions) => new hb.SafeString(Object.entries(choices ?? {}).map(([k, v]) =>
    `<option value="${k}"${k === String(options.hash.selected) ? " selected" : ""}>${
      options.hash.localize ? t(v) : v}</option>`).join("")));
  const folder = join(root, "src/rulesets", ruleset, "templates");
  // A ruleset whose screens are all the shell's (a tracker's rows) may have no templates yet.
  const entries = existsSync(folder) ? readdirSync(folder, { recursive: true, encoding: "utf8" }) : [];
  for (const entry of entries) {
    if (!entry.endsWith(".hbs")) continue;
    hb.registerPartial(`systems/fray/templates/${ruleset}/${entry}`, readFileSync(join(folder, entry), "utf8"));
  }
  const shell = join(root, "src/shell/templates");
  // The shell's templates are partials of every ruleset's (served as templates/shell/…).
  for (const entry of readdirSync(shell, { recursive: true, encoding: "utf8" })) {
    if (!entry.endsWith(".hbs")) continue;
    hb.registerPartial(`systems/fray/templates/shell/${entry}`, readFileSync(join(shell, entry), "utf8"));
  }
  return {
    t, hb,
    render: (file, context) => hb.compile(readFileSync(join(folder, file), "utf8"))(context),
    renderShell: (file, context) => hb.compile(readFileSync(join(shell, file), "utf8"))(context),
  };
}

const escalation = rendererFor("escalation");
export const t = escalation.t;
export const hb = escalation.hb;
export const render = escalation.render;
export const renderShell = escalation.renderShell;
