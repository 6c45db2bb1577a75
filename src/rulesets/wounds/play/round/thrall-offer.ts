import { isFields } from "../../../../engine/requests/fields";
import type { Localize } from "../../../../engine/i18n";
import { payThrall } from "../../rules/summons";

/**
 * The thrall offer a wounds battle's end leaves in chat (a GM prompt: `shell/cards/prompts.ts`),
 * pure: one entry per summon, kept on the prompt itself because the Combat is gone by the time
 * anyone answers; its summoner's owner (or a GM) keeps it by paying its thrall cost in MP, or
 * lets it go; either answer is taken once. Kept: the MP paid from the summoner's actor, the
 * summon's token marked a thrall. Let go (or not enough MP any more when kept): the token goes.
 * Source: `001_dbc5fcc02a99a518.txt` §Thralling; RULINGS.md §wounds Summons.
 */
export interface ThrallEntry {
  /**
   * The prompt's responder key: the summon's combatant id in the battle, or its token's id for
   * one cast outside a battle.
   */
  readonly id: string;
  readonly name: string;
  readonly tokenUuid: string;
  readonly summonerUuid: string;
  readonly summonerName: string;
  readonly thrallCost: number;
}

/** A named document as an entry reads it (a summon's token, its summoner's actor). */
interface Named {
  readonly uuid: string;
  readonly name: string | null;
}

/** The entry of summon `token` (responder key `id`), of `summoner`, kept for `thrallCost` MP. */
export const thrallEntry = (id: string, token: Named, summoner: Named, thrallCost: number):
  ThrallEntry => ({
  id, name: token.name ?? "", tokenUuid: token.uuid, summonerUuid: summoner.uuid,
  summonerName: summoner.name ?? "", thrallCost,
});

/** Where the entries live on the prompt (`flags.fray.<key>`), and the request that answers. */
export const THRALL_FLAG = "woundsThralls";
export const THRALL_REQUEST = "woundsThrall";

const isEntry = (v: unknown): v is ThrallEntry => isFields(v)
  && ["id", "name", "tokenUuid", "summonerUuid", "summonerName"].every((k) => typeof v[k] === "string")
  && Number.isInteger(v.thrallCost) && (v.thrallCost as number) >= 0;

/** The entries of a prompt's flags, or null when it holds none or a malformed one. */
export function thrallEntriesOf(flags: unknown): ThrallEntry[] | null {
  const fray = isFields(flags) ? flags.fray : null;
  const list = isFields(fray) ? fray[THRALL_FLAG] : null;
  return Array.isArray(list) && list.length && list.every(isEntry) ? list : null;
}

export type ThrallChoice = "keep" | "release";

/** What answering does: the summoner's MP to write (null: none), and whether the token goes. */
export type ThrallOutcome =
  | { readonly ok: true; readonly mp: number | null; readonly vanishes: boolean }
  | { readonly ok: false; readonly key: string };

/**
 * The outcome of `choice` for an entry, given whether the sender acts for the summoner (its owner
 * or a GM), whether the entry was answered, and the summoner's MP now (null: its actor is gone).
 * Refusal keys are `FRAY.Wounds.Refuse.<key>`.
 */
export function thrallOutcome(choice: ThrallChoice, now: {
  readonly owns: boolean; readonly taken: boolean; readonly mp: number | null;
  readonly thrallCost: number;
}): ThrallOutcome {
  if (now.taken) return { ok: false, key: "ThrallAnswered" };
  if (!now.owns) return { ok: false, key: "NotSummoner" };
  if (choice === "release") return { ok: true, mp: null, vanishes: true };
  const left = now.mp === null ? null : payThrall(now.mp, now.thrallCost);
  return left === null ? { ok: false, key: "NoMp" } : { ok: true, mp: left, vanishes: false };
}

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
};
const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * The offer's HTML: a line per summon and its two buttons (the shell's owner prompt's:
 * `shell/chat/owner-prompt.ts`, which shows each only to whom may press it).
 */
export function thrallPromptHtml(
  entries: readonly ThrallEntry[], t: Localize, outside = false,
): string {
  const rows = entries.map((e) => {
    const line = t(`FRAY.Wounds.Thrall.${outside ? "LineOutside" : "Line"}`, {
      name: e.name, summoner: e.summonerName, cost: e.thrallCost,
    });
    const button = (choice: ThrallChoice, label: string) => `<button type="button" `
      + `data-fray-owner="${THRALL_REQUEST}" data-choice="${choice}" data-id="${esc(e.id)}">`
      + `${esc(label)}</button>`;
    return `<p>${esc(line)}</p><div class="card-buttons">`
      + button("keep", t("FRAY.Wounds.Thrall.Keep", { name: e.name, cost: e.thrallCost }))
      + button("release", t("FRAY.Wounds.Thrall.Release", { name: e.name })) + "</div>";
  });
  const title = t(`FRAY.Wounds.Thrall.${outside ? "TitleOutside" : "Title"}`);
  return `<div class="fray wounds fray-card"><h3>${esc(title)}</h3>`
    + `${rows.join("")}</div>`;
}

/**
 * The offer as a chat note (`shell/chat/table-note.ts` `postNote`): its HTML (at a battle's end,
 * or `outside` one for a summon cast there) and its entries in its flags.
 */
export const thrallNote = (
  entries: readonly ThrallEntry[], t: Localize, outside = false,
): { content: string; flags: { fray: Record<string, readonly ThrallEntry[]> } } =>
  ({ content: thrallPromptHtml(entries, t, outside), flags: { fray: { [THRALL_FLAG]: entries } } });
