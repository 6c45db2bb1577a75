import { postMessage } from "./post";

/**
 * Fray's own notes to the table: a message no user's card makes (a side's initiative, a first
 * aid, a mark that ended, a GM's prompt), spoken by "Fray" or a name given, whispered to the GMs
 * when it is theirs alone. Its rolls are attached as JSON so they show as rolls; unlike a user's
 * card (`actor-card.ts`) it takes no roll mode.
 */

/** A note as it is posted. */
export interface TableNote {
  /** Its HTML: a ruleset's own card, or `noteHtml`'s lines. */
  readonly content: string;
  /** The speaker's name; "Fray" when absent or null. */
  readonly alias?: string | null;
  /** Whispered to every GM user (`gmUserIds`), no one else. */
  readonly gmOnly?: boolean;
  /** Whispered to every GM user and these users (user ids: a prompt's players), no one else. */
  readonly whisperAlso?: readonly string[];
  readonly rolls?: readonly Roll[];
  /** The message's flags (a prompt's offer under `fray`). */
  readonly flags?: object;
}

/**
 * The ids of the world's GM users, active or not: whom a GM's whisper goes to, as Foundry's own
 * `/w gm` picks them (client/documents/chat-message.mjs `getWhisperRecipients`).
 */
export function gmUserIds(): string[] {
  return (game.users?.contents ?? []).filter((u) => u.isGM).map((u) => u.id ?? "");
}

/**
 * A note's HTML from plain text: each line a paragraph (escaped: a name may hold markup), under
 * an optional heading, in the card classes of `ruleset` (`fray <ruleset>`, its stylesheet's).
 */
export function noteHtml(ruleset: string, lines: readonly string[], heading?: string): string {
  const escape = foundry.utils.escapeHTML;
  const title = heading === undefined ? "" : `<h3>${escape(heading)}</h3>`;
  const body = lines.map((line) => `<p>${escape(line)}</p>`).join("");
  return `<div class="fray ${ruleset}">${title}${body}</div>`;
}

/**
 * Posts a note (through `postMessage`, Fray's gate to ChatMessage.create). Whoever runs it
 * authors it: a player may post its own (common/documents/chat-message.mjs `#canCreate`).
 * @returns the message, or null when Foundry created none (a hook refused it).
 */
export async function postNote(note: TableNote): Promise<ChatMessage.Implementation | null> {
  return postMessage({
    content: note.content,
    speaker: { alias: note.alias ?? "Fray" },
    ...(note.gmOnly || note.whisperAlso
      ? { whisper: [...new Set([...gmUserIds(), ...(note.whisperAlso ?? [])])] } : {}),
    ...(note.rolls?.length ? { rolls: note.rolls.map((r) => JSON.stringify(r)) } : {}),
    ...(note.flags ? { flags: note.flags } : {}),
  });
}
