import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mergeLang, rulesetLang } from "../../../../scripts/lib/lang";
import { localizerFor } from "../../../engine/i18n";
import { flowLine } from "../play/round/flow-rule";
import { parseReady, readyLine } from "../play/round/ready";

/**
 * The chat lines the table reads once a Flow action or a Ready was paid
 * (`play/round/flow-rule.ts#flowLine`, `play/round/ready.ts#readyLine`), in the world's words.
 * Source: RULINGS.md §action-points Flow actions; `004_2cc57162401858c9.txt` §Ready Action.
 */
const shared = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
const t = localizerFor(mergeLang(shared, rulesetLang("action-points"), "action-points"));

describe("the table's chat lines", () => {
  it("a Flow action: who bought which, for how many FP, and what it does", () => {
    const action = { name: "Cleave", fp: 2, effect: "strike a second foe" };
    expect(flowLine("Tamsin", action, t)).toBe("Tamsin uses Cleave (2 FP): strike a second foe");
  });

  it("a Ready declared names its trigger and action; fired, the action it had readied", () => {
    const declared = parseReady({ ready: "declare", trigger: "the gate opens", action: "shoot" })!;
    expect(readyLine(declared, "Reyna", "", t))
      .toBe("Reyna readies an action: when the gate opens, shoot.");
    expect(readyLine({ ready: "fire" }, "Reyna", "shoot", t))
      .toBe("Reyna acts on its readied action: shoot.");
  });
});
