// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import Handlebars from "handlebars";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { cardView } from "../../src/chat/card-view.js";
import { abilityGroups } from "../../src/applications/ability-groups.js";
import type { AttackCard } from "../../src/chat/card-spec.js";
import { localizerFor } from "../../src/encounter/i18n.js";
import { withDefaults } from "../../src/rules/schema/spec.js";
import { ABILITY_SPEC } from "../../src/rules/escalation/models.js";
import { readPackSources } from "../../scripts/lib/sources.js";

/**
 * Compiles every template with real Handlebars and renders the attack card and the ability list
 * from the same pure view functions Foundry uses. Foundry's own helpers are stood in for by small
 * equivalents (localize through lang/en.json, concat, eq, selectOptions, checked).
 */
// happy-dom gives modules an http: import.meta.url, so paths start from the repository root.
const root = process.cwd();
const t = localizerFor(JSON.parse(readFileSync(join(root, "lang/en.json"), "utf8")) as Record<string, unknown>);
const hb = Handlebars.create();
hb.registerHelper("localize", (key: string, options: Handlebars.HelperOptions) => t(key, options.hash as Record<string, string>));
hb.registerHelper("concat", (...args: unknown[]) => args.slice(0, -1).join(""));
hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
hb.registerHelper("checked", (v: unknown) => (v ? "checked" : ""));
hb.registerHelper("selectOptions", (choices: Record<string, string>, options: Handlebars.HelperOptions) =>
  new hb.SafeString(Object.entries(choices ?? {}).map(([k, v]) => `<option value="${k}"${k === String(options.hash.selected) ? " selected" : ""}>${options.hash.localize ? t(v) : v}</option>`).join("")));

function templates(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? templates(join(dir, e.name)) : e.name.endsWith(".hbs") ? [join(dir, e.name)] : []));
}
const render = (file: string, context: unknown) => hb.compile(readFileSync(join(root, "templates", file), "utf8"), { strict: false })(context);

const card: AttackCard = {
  actorUuid: "Actor.a", abilityName: "Arc Lance", escalation: 2, formula: "3d6 + 3 + 4 + 2",
  targets: [
    { tokenUuid: "Scene.s.Token.t1", name: "Marsh Hag", defense: "pd", defenseValue: 14, dice: [6, 5, 6], natural: 17, total: 26, edge: 0, hit: true, crit: true, critFail: false, invisibleFailed: false, damage: 30, damageType: "lightning", damageFormula: "3d6 + 4", halved: false, damageKind: "hit", effects: ["dazed"], applied: { done: false, mode: "", amount: 0, hpBefore: 0, addedEffects: [] } },
    { tokenUuid: "Scene.s.Token.t2", name: "Hollow Sentry", defense: "pd", defenseValue: 16, dice: [1, 1, 1], natural: 3, total: 12, edge: -1, hit: false, crit: false, critFail: true, invisibleFailed: false, damage: 0, damageType: "lightning", damageFormula: "", halved: false, damageKind: "none", effects: [], applied: { done: false, mode: "", amount: 0, hpBefore: 0, addedEffects: [] } },
  ],
};

describe("templates", () => {
  it("every template compiles and renders one root element", () => {
    for (const file of templates(join(root, "templates"))) {
      const html = hb.compile(readFileSync(file, "utf8"))({}).trim();
      expect(html.startsWith("<"), file).toBe(true);
      const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
      expect(doc.body.children.length, file).toBe(1);
    }
  });

  it("the attack card shows the GM the defense values and hides them from players", () => {
    const gm = render("chat/attack-card.hbs", { view: cardView(card, { isGM: true, isAuthor: false }) });
    const player = render("chat/attack-card.hbs", { view: cardView(card, { isGM: false, isAuthor: true }) });
    expect(gm).toContain('<span class="defense-value">14</span>');
    expect(player).not.toContain("defense-value");
    expect(player).toContain("CRIT");
    expect(player).toContain("crit fail");
    expect(player).toContain("[6, 5, 6]");
    expect(player).toContain("30</strong> lightning");
    expect(player).toContain("Dazed");
  });

  it("apply buttons appear for the author and GM only, and only while unapplied", () => {
    const other = render("chat/attack-card.hbs", { view: cardView(card, { isGM: false, isAuthor: false }) });
    expect(other).not.toContain("data-fray-action");
    const author = render("chat/attack-card.hbs", { view: cardView(card, { isGM: false, isAuthor: true }) });
    expect(author.match(/data-fray-action="apply"/g)?.length).toBe(1);
    const applied = { ...card, targets: [{ ...card.targets[0]!, applied: { done: true, mode: "apply" as const, amount: -30, hpBefore: 46, addedEffects: [] } }] };
    const after = render("chat/attack-card.hbs", { view: cardView(applied, { isGM: true, isAuthor: false }) });
    expect(after).not.toContain('data-fray-action="apply"');
    expect(after).toContain('data-fray-action="undo"');
    expect(after).toContain("Applied: -30");
  });

  it("the ability list groups by frequency and disables blocked abilities with the reason", () => {
    const items = readPackSources("pregens", join(root, "packs/_source")).find((s) => s.doc.name === "Isolde Marr")!.doc.items as { _id: string; name: string; img: string; system: Record<string, unknown> }[];
    const groups = abilityGroups(items.map((i) => ({ id: i._id, name: i.name, img: i.img, system: withDefaults(ABILITY_SPEC, i.system) })), { escalationDie: 0, conditions: [] });
    expect(groups.map((g) => g.frequency)).toEqual(["atWill", "encounter", "daily", "recharge"]);
    const html = render("actor/abilities.hbs", { groups });
    const doc = new DOMParser().parseFromString(html, "text/html");
    const mindSpike = [...doc.querySelectorAll("li.ability")].find((li) => li.textContent?.includes("Mind Spike"));
    expect(mindSpike?.querySelector("button.use")?.hasAttribute("disabled")).toBe(true);
    expect(mindSpike?.querySelector("button.use")?.getAttribute("data-tooltip")).toBe("Mind Spike needs the escalation die at 2 or more.");
    expect(doc.querySelectorAll('button[data-action="useAbility"]').length).toBeGreaterThan(3);
  });
});
