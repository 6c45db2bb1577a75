import { expect } from "vitest";
import type { Page } from "playwright-core";
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { FOUNDRY } from "./browser";
import { judgeIncompleteContrast } from "./contrast";

/**
 * What every rendered Fray screen must pass, checked in the browser on what a person would see:
 * - axe-core's WCAG 2.2 A/AA rules, colour contrast among them (4.5:1 text, 3:1 large text), and
 *   accessible names for every control;
 * - nothing wider than its frame, no Handlebars left raw, no `FRAY.` key shown untranslated;
 * - rows marked `.fray-row` keep every child on one line, and `.fray-line` texts never wrap (they
 *   ellipsize), whatever buttons the row carries;
 * - every control (button, input, select, `[data-action]`) at least 24 × 24 px.
 * The element is then saved as test-results/<shot>.png for a human look.
 *
 * Colour and geometry are only what a person sees inside Foundry's own CSS, so without FOUNDRY_V13
 * (browser.ts says so once) the audit keeps the checks that hold without it: axe-core's rules
 * other than colour contrast (names, roles, labels) and the text checks.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const results = join(process.cwd(), "test-results");

interface AxeNode {
  target: string[]; failureSummary?: string;
  any: { id: string; data?: { messageKey?: string } | null }[];
}
interface AxeRule { id: string; help: string; nodes: AxeNode[] }

/**
 * axe-core's WCAG A/AA (2.0–2.2) violations inside `selector`, one readable line each, and every
 * colour contrast axe-core left incomplete (text over an image, a gradient, an overlap…) judged
 * on the painted background by {@link judgeIncompleteContrast}: a line for each that fails or
 * cannot be judged.
 */
export async function axeViolations(
  tab: Page, selector: string, { contrast = true } = {},
): Promise<string[]> {
  if (!(await tab.evaluate(() => "axe" in window))) await tab.addScriptTag({ content: axeSource });
  const { violations, incomplete } = await tab.evaluate(async ([include, withContrast]) => {
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe;
    const result = await axe.run({ include: [include] }, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      rules: { "color-contrast": { enabled: withContrast } },
      resultTypes: ["violations", "incomplete"],
    }) as { violations: AxeRule[]; incomplete: AxeRule[] };
    return {
      violations: result.violations.map((v) => ({
        id: v.id, help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      })),
      incomplete: result.incomplete.filter((r) => r.id === "color-contrast").flatMap((r) =>
        r.nodes.map((n) => ({
          target: n.target,
          reason: n.any.find((c) => c.id === "color-contrast")?.data?.messageKey ?? "default",
        }))),
    };
  }, [selector, contrast] as [string, boolean]);
  return [
    ...violations.flatMap((v) => v.nodes.map((n) =>
      `${v.id} (${v.help}) at ${n.target.join(" ")}: ${(n.failureSummary ?? "").replace(/\s+/g, " ")}`)),
    ...await judgeIncompleteContrast(tab, incomplete),
  ];
}

/** Text problems inside `selector`: Handlebars left raw, a `FRAY.` key shown untranslated. */
export async function textProblems(tab: Page, selector: string): Promise<string[]> {
  return tab.evaluate((sel) => {
    const top = document.querySelector<HTMLElement>(sel);
    if (!top) return [`nothing matches ${sel}`];
    const problems: string[] = [];
    const text = top.innerText;
    if (/\{\{|\}\}/.test(text)) problems.push("raw Handlebars shown");
    const key = /\bFRAY\.[A-Za-z]/.exec(text);
    if (key) problems.push(`untranslated key shown near "${text.slice(key.index, key.index + 40)}"`);
    return problems;
  }, selector);
}

/** Layout problems inside `selector`: overflow, wrapped rows and lines, small click targets. */
export async function layoutProblems(tab: Page, selector: string): Promise<string[]> {
  return tab.evaluate((sel) => {
    const problems: string[] = [];
    const name = (el: Element) => {
      const label = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 30) ?? "";
      return `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${label}"`;
    };
    const top = document.querySelector(sel);
    if (!top) return [`nothing matches ${sel}`];
    if (top.scrollWidth > top.clientWidth + 1) {
      problems.push(`${sel} overflows by ${top.scrollWidth - top.clientWidth}px`);
    }
    for (const row of top.querySelectorAll(".fray-row")) {
      const boxes = [...row.children].filter((c) => (c as HTMLElement).offsetParent !== null)
        .map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
      if (!boxes.length) continue;
      const lowestTop = Math.max(...boxes.map((r) => r.top));
      const highestBottom = Math.min(...boxes.map((r) => r.bottom));
      if (lowestTop >= highestBottom) problems.push(`row wraps: ${name(row)}`);
      if (row.scrollWidth > row.clientWidth + 1) problems.push(`row overflows: ${name(row)}`);
    }
    for (const line of top.querySelectorAll<HTMLElement>(".fray-line")) {
      const lineHeight = parseFloat(getComputedStyle(line).lineHeight) || 20;
      if (line.getBoundingClientRect().height > lineHeight * 1.5) {
        problems.push(`line wraps: ${name(line)}`);
      }
    }
    const controls = top.querySelectorAll<HTMLElement>(
      "button, select, input:not([type=hidden]), [data-action], a[href]",
    );
    for (const control of controls) {
      if (control.offsetParent === null) continue;
      const r = control.getBoundingClientRect();
      const checkbox = control instanceof HTMLInputElement && ["checkbox", "radio"].includes(control.type);
      // A checkbox inside its label is clicked through the label (WCAG 2.5.8's enlargement).
      const hit = checkbox && control.closest("label") ? control.closest("label")!.getBoundingClientRect() : r;
      if (hit.width < 23.5 || hit.height < 23.5) {
        problems.push(`small target ${Math.round(hit.width)}×${Math.round(hit.height)}: ${name(control)}`);
      }
    }
    return problems;
  }, selector);
}

/**
 * Runs every check on `selector` and saves its screenshot as test-results/`shot`.png. Fails the
 * test with every problem found, so one run lists them all.
 */
export async function auditScreen(tab: Page, selector: string, shot: string): Promise<void> {
  mkdirSync(results, { recursive: true });
  await tab.locator(selector).first().screenshot({ path: join(results, `${shot}.png`) });
  const problems = [
    ...await textProblems(tab, selector),
    ...FOUNDRY ? await layoutProblems(tab, selector) : [],
    ...await axeViolations(tab, selector, { contrast: !!FOUNDRY }),
  ];
  expect(problems, `${shot}:\n${problems.join("\n")}`).toEqual([]);
}
