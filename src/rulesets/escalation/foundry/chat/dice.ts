import { postMessage } from "../../../../shell/chat/post";
import { eventLinesView, type EventLineInput } from "../../play/views/card-event";
import { rollModeFor } from "../../../../shell/dice/shown-rolls";

const EVENT_TEMPLATE = "systems/fray/templates/escalation/chat/event-card.hbs";

/**
 * Posts a card of already-localized lines (death saves, rests, end of turn, disengage), each led by
 * its result badge when it has one (`play/views/card-event.ts`), with the rolls attached so they show as
 * rolls and Dice So Nice animates them. Foundry v13 applies `options.rollMode` to a message with
 * rolls when it is created (client/documents/chat-message.mjs `_preCreate`): the poster's own roll
 * mode, except that the GM's client posting about a player's character posts for everyone (a
 * private GM must not hide a player's own death save from that player; `shell/dice`).
 */
export async function postEvent(
  title: string,
  lines: readonly EventLineInput[],
  options: {
    rolls?: readonly Roll[];
    actor?: Actor.Implementation | null;
    flags?: Record<string, unknown>;
  } = {},
): Promise<void> {
  const content = await foundry.applications.handlebars.renderTemplate(EVENT_TEMPLATE, {
    title, lines: eventLinesView(lines),
  });
  await postMessage(
    {
      speaker: options.actor
        ? ChatMessage.getSpeaker({ actor: options.actor })
        : ChatMessage.getSpeaker(),
      content,
      rolls: (options.rolls ?? []).map((r) => JSON.stringify(r)),
      ...(options.flags ? { flags: options.flags } : {}),
    },
    { rollMode: rollModeFor(options.actor) },
  );
}
