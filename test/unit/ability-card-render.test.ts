// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ABILITY_KIND } from "../../src/rulesets/escalation/foundry/cards/ability-kind";

/**
 * A healing ability's card re-renders from the content it posted; the chat log shows that content
 * enriched (client/documents/chat-message.mjs `renderHTML`: links, inline rolls, secrets for the
 * speaker's owners), and so must the card, or its description shows raw `@UUID[…]` text.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const calls: { content: string; options: any }[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal("game", { user: { isGM: false, id: "playerplayerplay" }, i18n: { localize: (k: string) => k } });
  vi.stubGlobal("foundry", {
    applications: { ux: { TextEditor: { implementation: {
      async enrichHTML(content: string, options: object) {
        calls.push({ content, options });
        return content.replace(/@UUID\[([^\]]+)\]\{([^}]+)\}/g, '<a class="content-link" data-uuid="$1">$2</a>');
      },
    } } } },
  });
});

describe("a healing ability's card", () => {
  it("shows its content enriched as the chat log does, for the speaker's owner", async () => {
    const message: any = {
      content: '<div class="fray-card"><p>Heals @UUID[Actor.tamtamtamtamtamt]{Tam}.</p></div>',
      getRollData: () => ({ level: 3 }),
      speakerActor: { isOwner: true },
      system: { abilityName: "Word of Mending" },
    };
    const html = await ABILITY_KIND.render(message, { seal: null, ledger: {}, steps: {} } as any,
      { isGM: false, userId: "playerplayerplay" }, false);
    expect(html).toContain('<a class="content-link" data-uuid="Actor.tamtamtamtamtamt">Tam</a>');
    expect(html).not.toContain("@UUID");
    expect(calls).toEqual([{ content: message.content, options: { rollData: { level: 3 }, secrets: true } }]);
  });
});
