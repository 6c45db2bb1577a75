// @vitest-environment happy-dom
import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readPackSources } from "../../scripts/lib/sources";
import { localizerFor } from "../../src/engine/i18n";
import { statblockFromActor, type ActorDocumentSource } from "../../src/rulesets/shock/rules/statblock";
import { FRESH_BUDGET } from "../../src/rulesets/shock/rules/actions";
import { actionButtons, attributeRows, budgetLeft, skillRows, weaponRows } from "../../src/rulesets/shock/foundry/view/sheet-view";

/**
 * shock's sheets from the pack's pregens and NPCs: each weapon row says in one line what it does,
 * and the actions part shows what the round's budget still pays for (rendered with real Handlebars
 * and shock's strings). Source: `002_5e27cdf788b28f5f.txt` §Attack Rolls, §Damage, §Shock,
 * §Combat Action Types.
 */
const root = process.cwd();
const lang = (file: string) => JSON.parse(readFileSync(join(root, "src/rulesets/shock/lang", file), "utf8")) as { FRAY: { Shock: object } };
const t = localizerFor({ FRAY: { Shock: { ...lang("en.json").FRAY.Shock, ...lang("foundry.json").FRAY.Shock } } });
const hb = Handlebars.create();
hb.registerHelper("localize", (key: string, options: Handlebars.HelperOptions) => t(key, options.hash as Record<string, string>));
const render = (file: string, context: object) =>
  hb.compile(readFileSync(join(root, "src/rulesets/shock/templates/actor", file), "utf8"))(context);
const block = (pack: string, name: string) => {
  const source = readPackSources(`shock/${pack}`, join(root, "packs/_source")).find((s) => s.doc.name === name);
  if (!source) throw new Error(name);
  return statblockFromActor(source.doc as unknown as ActorDocumentSource);
};

describe("shock's sheets", () => {
  it("Corvin Ash's weapons, each in one line", () => {
    const rows = weaponRows(block("pregens", "Corvin Ash"), t);
    expect(rows.map((r) => `${r.name}: ${r.line}`)).toEqual([
      "Sabre: +4 vs AC · 1d6+2 · Shock 3/AC 13",
      "Hand Axe: +4 vs AC · 1d6+2 · Shock 3/AC 15",
    ]);
    const html = render("weapons.hbs", { weapons: rows });
    expect(html).toContain('<span class="weapon-line">+4 vs AC · 1d6+2 · Shock 3/AC 13</span>');
    expect(html.match(/data-action="attack"/g)).toHaveLength(2);
  });

  it("an NPC's attack bonus is its Hit Dice plus training", () => {
    const brute = block("npcs", "Bandit Brute");
    expect(weaponRows(brute, t)[0]?.line).toBe("+2 vs AC · 1d6 · Shock 1/AC 13");
  });

  it("every pack weapon row states a bonus and a damage formula", () => {
    for (const pack of ["pregens", "npcs"]) {
      for (const s of readPackSources(`shock/${pack}`, join(root, "packs/_source"))) {
        for (const row of weaponRows(statblockFromActor(s.doc as unknown as ActorDocumentSource), t)) {
          expect(row.line, `${s.doc.name} ${row.name}`).toMatch(/^[+−]\d+ vs AC · \d+d\d+([+−]\d+)?( · Shock \d+\/(AC \d+|-))?$/);
        }
      }
    }
  });

  it("the actions part: what is left, and buttons the budget no longer pays for are disabled", () => {
    const spent = { ...FRESH_BUDGET, main: true, moves: 1 };
    const html = render("actions.hbs", { inCombat: true, left: budgetLeft({ ...spent, totalDefense: true }), actions: actionButtons(spent) });
    expect(html).toContain('<span class="pip spent">Main</span>');
    expect(html).toMatch(/data-shock-action="disengage" disabled/);
    expect(html).toMatch(/data-shock-action="totalDefense" disabled/);
    expect(html).toContain("Total Defense</span>");
    const fresh = render("actions.hbs", { inCombat: false, left: [], actions: actionButtons(null) });
    expect(fresh).not.toContain("disabled");
    expect(fresh).toContain("Not in a started combat");
  });

  it("attributes and skills rows name every value", () => {
    const b = block("pregens", "Corvin Ash");
    expect(attributeRows(b).find((r) => r.id === "dex")).toEqual({ id: "dex", labelKey: "FRAY.Shock.Attribute.dex", value: 2 });
    expect(skillRows(b).map((r) => t(r.labelKey))).toContain("Stab");
  });
});
