// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { cardView } from "../../src/rulesets/escalation/play/views/card-view";
import { abilityGroups } from "../../src/rulesets/escalation/play/views/ability-groups";
import { withDefaults } from "../../src/engine/schema/spec";
import { listOpOf } from "../../src/shell/applications/sheet-kit";
import { ABILITY_LISTS, NPC_LISTS } from "../../src/rulesets/escalation/play/views/list-fields";
import { ABILITY_SPEC } from "../../src/rulesets/escalation/rules/models";
import { readPackSources } from "../../scripts/lib/sources";
import { hb, render, root, t } from "../support/handlebars";
import { sampleCard as card, AUTHOR, GM, OTHER, defenses, sealed } from "../support/fixtures";

/**
 * Compiles every template with real Handlebars and renders the attack card and the ability list
 * from the same pure view functions Foundry uses.
 */
function templates(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? templates(join(dir, e.name)) : e.name.endsWith(".hbs") ? [join(dir, e.name)] : []));
}

/** What a reader sees of some markup: its text, whitespace collapsed. */
const shown = (html: string) =>
  (new DOMParser().parseFromString(html, "text/html").body.textContent ?? "").replace(/\s+/g, " ");

describe("templates", () => {
  it("every template compiles and renders one root element", () => {
    // Foundry serves src/rulesets/<id>/templates/<path> as systems/fray/templates/<id>/<path>, the
    // name a template gives a partial it includes.
    for (const file of templates(join(root, "src/rulesets"))) {
      const [id, ...rest] = file.slice(join(root, "src/rulesets").length + 1).split("/");
      const path = rest.slice(1).join("/");
      hb.registerPartial(`systems/fray/templates/${id}/${path}`, readFileSync(file, "utf8"));
    }
    for (const file of templates(join(root, "src/rulesets"))) {
      const html = hb.compile(readFileSync(file, "utf8"))({}).trim();
      expect(html.startsWith("<"), file).toBe(true);
      const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
      expect(doc.body.children.length, file).toBe(1);
    }
  });

  it("the attack card shows the GM the defense values and hides them from players", () => {
    const gm = render("chat/attack-card.hbs", { view: cardView(card, GM, sealed, defenses) });
    const player = render("chat/attack-card.hbs", { view: cardView(card, AUTHOR, sealed) });
    expect(gm).toContain('<span class="versus">26 vs PD 14</span>');
    expect(gm).toContain('<span class="versus">12 vs PD 16</span>');
    expect(player).toContain('<span class="versus">26 vs PD</span>');
    expect(player).not.toMatch(/vs PD 1[46]/);
    const badge = new DOMParser().parseFromString(player, "text/html").querySelector(".fray-badge");
    expect(badge?.className).toBe("fray-badge fray-badge--crit result");
    expect(badge?.querySelector("i.fa-star")?.getAttribute("aria-hidden")).toBe("true");
    expect(badge?.textContent?.trim()).toBe("Critical hit");
    expect(player).toContain("Critical fail");
    expect(player).toContain('<span class="fray-die">6</span><span class="fray-die">5</span>');
    expect(player).toContain("natural 17");
    expect(player).toContain("Formula 3d6 + 3 + 4 + 2 (Level 3 + Volition 4 + escalation 2). Dice rolled 6 5 6");
    expect(player).toContain("30 lightning damage");
    expect(player).toContain("Dazed");
  });

  /** A card step button in the rendered markup: Apply in a mode, or Undo. */
  const mode = (m: string) =>
    new RegExp(`data-fray-step="apply"\\s+data-fray-args="\\{&quot;index&quot;:0,&quot;mode&quot;:&quot;${m}&quot;\\}"`, "g");
  const undo = /data-fray-step="undo"\s+data-fray-args="\{&quot;index&quot;:0\}"/;

  it("Apply is the author's and the GM's; Half, Double and Heal the GM's; each says its amount", () => {
    const other = render("chat/attack-card.hbs", { view: cardView(card, OTHER, sealed) });
    expect(other).not.toContain('data-fray-step="apply"');
    const author = render("chat/attack-card.hbs", { view: cardView(card, AUTHOR, sealed) });
    expect(author.match(mode("apply"))?.length).toBe(1);
    expect(author).toContain("Apply 30");
    expect(author).not.toMatch(mode("half"));
    const gm = render("chat/attack-card.hbs", { view: cardView(card, GM, sealed, defenses) });
    expect(gm).toContain("Apply half: 15");
    expect(gm).toContain("Apply double: 60");
    expect(gm).toContain("Heal 30");
  });

  it("once applied, the card shows what was dealt and offers Undo to whoever applied it", () => {
    const step = { op: 0, by: "player1", mode: "apply", hpChange: -30, deathBefore: null, deathAfter: null, addedEffects: [], lastGasp: false, selfDamage: 0 };
    const records = { ...sealed, ledger: { "0": [step] } };
    const after = render("chat/attack-card.hbs", { view: cardView(card, AUTHOR, records) });
    expect(after).not.toMatch(mode("apply"));
    expect(after).toMatch(undo);
    expect(after).toMatch(/Applied<\/span> 30 damage dealt/);
    expect(render("chat/attack-card.hbs", { view: cardView(card, OTHER, records) })).not.toMatch(undo);
  });

  it("a refused try says why, from a reason key or the text the GM's client recorded", () => {
    const voided = (reason: string) => ({ ...sealed, ledger: { "0": [{ op: 0, by: "player1", mode: "void", reason, hpChange: 0, deathBefore: null, deathAfter: null, addedEffects: [], lastGasp: false, selfDamage: 0 }] } });
    const keyed = render("chat/attack-card.hbs", { view: cardView(card, AUTHOR, voided("notAuthor")) });
    expect(shown(keyed)).toContain("Not applied The GM's client refused the last try: only the card's author or a GM may do that.");
    expect(keyed).toMatch(mode("apply"));
    const text = render("chat/attack-card.hbs", { view: cardView(card, AUTHOR, voided("the change could not be made")) });
    expect(shown(text)).toContain("refused the last try: the change could not be made.");
  });

  it("an Invisible target's failed pre-attack save says why, with no roll line", () => {
    const invisible = { ...card, targets: [{ ...card.targets[1]!, invisibleFailed: true, natural: 8, dice: [] }] };
    const html = render("chat/attack-card.hbs", { view: cardView(invisible, GM, { seal: null, ledger: undefined }, [16]) });
    expect(html).toContain("No attack");
    expect(shown(html)).toContain("Hollow Sentry is Invisible: the attacker's save failed (natural 8), so no attack was made.");
    expect(html).not.toContain("roll-line");
    expect(html).not.toContain("vs PD");
  });

  it("marks the dice an edge pool dropped: Advantage keeps the highest three, Disadvantage the lowest", () => {
    const rolled = (dice: number[], edge: number) => cardView({ ...card, targets: [{ ...card.targets[0]!, dice, edge }] }, AUTHOR).targets[0]!;
    expect(rolled([2, 6, 4, 1, 5], 2).diceView.filter((d) => !d.kept).map((d) => d.value)).toEqual([2, 1]);
    expect(rolled([6, 6, 1, 6], -1).diceView.map((d) => d.kept)).toEqual([true, true, true, false]);
    expect(rolled([6, 5, 6], 0).diceKept).toBe("6 5 6");
    expect(rolled([2, 6, 4, 1, 5], 2).rollFormula).toBe("5d6kh3 + 3 + 4 + 2");
    expect(rolled([2, 6, 4, 1, 5], 2).edgeView).toEqual({ key: "FRAY.Card.Advantage", amount: 2 });
  });

  it("shows the sealed damage, not a later edit of the card", () => {
    const edited = { ...card, targets: [{ ...card.targets[0]!, damage: 999 }, card.targets[1]!] };
    const html = render("chat/attack-card.hbs", { view: cardView(edited, AUTHOR, sealed) });
    expect(html).toContain("Apply 30");
    expect(html).not.toContain("999");
  });

  it("the ability item sheet edits effects with unnamed, named-for-people controls in edit mode", async () => {
    const { FRAY_LABELS } = await import("../support/labels");
    const { abilityItemView } = await import("../../src/rulesets/escalation/play/views/item-view");
    const ability = withDefaults(ABILITY_SPEC, { hit: { damageTypes: ["fire"], effects: [{ id: "ongoing", duration: "saveEnds", amount: 5, damageType: "fire" }], damage: { dice: 1, perLevel: true, die: "8", flat: 0, volition: true } } });
    const config = { ...FRAY_LABELS, conditions: Object.fromEntries(["dazed", "ongoing"].map((c) => [c, `FRAY.Condition.${c}`])), durations: { saveEnds: "FRAY.Duration.saveEnds" }, damageTypes: { fire: "FRAY.DamageType.fire", cold: "FRAY.DamageType.cold" } };
    const view = abilityItemView(ability, null, t);
    const html = render("item/ability.hbs", { system: ability, config, view, editMode: true });
    const doc = new DOMParser().parseFromString(html, "text/html");
    const row = doc.querySelector('[data-list="hit"] .effect-row');
    expect(row?.querySelector('[data-list-field="amount"]')?.getAttribute("value")).toBe("5");
    expect(row?.querySelector('[data-list-field="amount"]')?.getAttribute("aria-label")).toBe("Effect 1: ongoing damage");
    expect(doc.querySelectorAll("[data-list-field][name]").length).toBe(0);
    expect(doc.querySelectorAll('button[data-action="listAdd"]').length).toBe(3);
    const types = '[data-list="damageTypes"] input[data-action="listToggle"]';
    expect(doc.querySelector(`${types}[data-value="fire"]`)?.hasAttribute("checked")).toBe(true);
    expect(doc.querySelector(`${types}[data-value="cold"]`)?.hasAttribute("checked")).toBe(false);
    // Each control names its list and row for the shell's list editing (sheet-kit.ts).
    const remove = row?.querySelector<HTMLElement>('[data-action="listRemove"]');
    expect(remove && listOpOf("listRemove", remove)).toEqual({ op: "remove", index: 0 });
    expect(remove?.closest<HTMLElement>("[data-list]")?.dataset.list).toBe("hit");
    for (const add of doc.querySelectorAll<HTMLElement>('button[data-action="listAdd"]')) {
      expect(Object.keys(ABILITY_LISTS)).toContain(add.closest<HTMLElement>("[data-list]")?.dataset.list);
    }
    expect(doc.querySelector('prose-mirror[name="system.description"]')).not.toBeNull();
    expect(doc.body.textContent).toContain("No effects");
    // Play mode: what it does, no inputs.
    const play = new DOMParser().parseFromString(render("item/ability.hbs", { system: ability, config, view, editMode: false }), "text/html");
    expect(play.querySelectorAll("input, select, prose-mirror").length).toBe(0);
    expect(play.body.textContent).toContain("5 ongoing fire (save ends)");
    expect(view.line).toBe("vs AC · 1d8 per Level + Volition fire · 5 ongoing fire (save ends)");
  });

  it("the NPC statblock edits resistances and weaknesses in edit mode and shows them as tags in play", async () => {
    const { NPC_SPEC } = await import("../../src/rulesets/escalation/rules/models");
    const { npcSheetContext } = await import("../../src/rulesets/escalation/play/views/sheet-context");
    const shade = readPackSources("escalation/monsters", join(root, "packs/_source")).find((m) => m.doc.name === "Whisper Shade")!.doc;
    const system = withDefaults(NPC_SPEC, shade.system as Record<string, unknown>);
    const context = npcSheetContext({
      actor: { name: String(shade.name), img: "", isPC: false, system, health: "healthy", statuses: [], abilities: [], weapons: [] },
      combat: null, turn: { combat: null, combatant: null, effects: [] }, statusEffects: [], labels: {},
    }, t);
    const edit = new DOMParser().parseFromString(render("actor/npc-statblock.hbs", { ...context, actor: { name: shade.name, img: "" }, editMode: true, editable: true }), "text/html");
    const rows = [...edit.querySelectorAll(".resist-row")];
    expect(rows.map((r) => (r.querySelector("select option[selected]") as HTMLOptionElement | null)?.value)).toEqual(["necrotic", "weapon"]);
    expect(rows.map((r) => r.querySelector("input")?.getAttribute("value"))).toEqual(["15", "13"]);
    expect(rows[1]?.querySelector("input")?.getAttribute("aria-label")).toBe("Resistance 2: threshold (X+)");
    expect(edit.querySelectorAll("[data-list-field][name]").length).toBe(0);
    expect(edit.querySelector('[data-list="weaknesses"] input[data-action="listToggle"][data-value="radiant"]')?.hasAttribute("checked")).toBe(true);
    const second = rows[1]!.querySelector<HTMLElement>('[data-action="listRemove"]')!;
    expect(listOpOf("listRemove", second)).toEqual({ op: "remove", index: 1 });
    expect(second.closest<HTMLElement>("[data-list]")?.dataset.list).toBe("resistances");
    expect(Object.keys(NPC_LISTS)).toEqual(["resistances", "weaknesses"]);
    const play = new DOMParser().parseFromString(render("actor/npc-statblock.hbs", { ...context, actor: { name: shade.name, img: "" }, editMode: false, editable: true }), "text/html");
    expect(play.querySelectorAll(".resist-row, [data-action=listToggle]").length).toBe(0);
    expect([...play.querySelectorAll(".fray-tag")].map((e) => e.textContent)).toEqual(["Resist necrotic 15+", "Resist weapon 13+", "Weak to radiant"]);
    expect(play.querySelector("input[data-relative][data-hp]")?.getAttribute("data-min")).toBe("0");
  });

  it("the ability list groups by frequency, says what each ability does, and says why a Use is blocked", () => {
    const items = readPackSources("escalation/pregens", join(root, "packs/_source")).find((s) => s.doc.name === "Isolde Marr")!.doc.items as { _id: string; name: string; img: string; type: string; system: Record<string, unknown> }[];
    const abilities = items.filter((i) => i.type === "escalationAbility").map((i) => ({ id: i._id, name: i.name, img: i.img, system: withDefaults(ABILITY_SPEC, i.system) }));
    const attacker = { level: 3, volition: 4, escalation: 0, stanceDice: { melee: 6 as const, ranged: 6 as const }, basicDamageType: { melee: "weapon" as const, ranged: "lightning" as const } };
    const groups = abilityGroups(abilities, { escalationDie: 0, conditions: [], attacker }, t);
    expect(groups.map((g) => g.frequency)).toEqual(["atWill", "encounter", "daily", "recharge"]);
    const html = render("actor/ability-list.hbs", groups.find((g) => g.frequency === "recharge"));
    const doc = new DOMParser().parseFromString(html, "text/html");
    const mindSpike = [...doc.querySelectorAll("li.ability")].find((li) => li.textContent?.includes("Mind Spike"));
    expect(mindSpike?.querySelector("button.use")?.hasAttribute("disabled")).toBe(true);
    expect(mindSpike?.querySelector(".fray-blocked")?.textContent).toBe("Needs escalation 2+");
    expect(mindSpike?.querySelector(".fray-blocked")?.getAttribute("data-tooltip")).toBe("Mind Spike needs the escalation die at 2 or more.");
    expect(mindSpike?.querySelector(".fray-line")?.textContent).toBe("+7 vs MD · 2d8+4 psychic · Shaken (save ends) · Escalation 2+ · Recharge 13+");
    expect(mindSpike?.querySelector("details.fray-details .fray-description")?.innerHTML).toContain("<p>");
    const atWill = groups.find((g) => g.frequency === "atWill")!.abilities;
    expect(atWill.find((a) => a.name === "Basic Ranged Attack")?.line).toBe("+7 vs AC · 3d6+4 lightning");
    expect(atWill.every((a) => a.blocked === null)).toBe(true);
  });

  it("a Power cost names the resource it needs", () => {
    const costly = { id: "x", name: "Surge", img: "", system: withDefaults(ABILITY_SPEC, { powerCost: 5 }) };
    const [group] = abilityGroups([costly], { escalationDie: 0, conditions: [], power: 2, powerLabel: "Focus" }, t);
    expect(group?.abilities[0]?.blocked).toEqual({ text: "Needs 5 Focus", reason: "Surge needs 5 Focus." });
    const [plain] = abilityGroups([costly], { escalationDie: 0, conditions: [], power: 2 }, t);
    expect(plain?.abilities[0]?.blocked?.reason).toBe("Surge needs 5 Power.");
  });
});
