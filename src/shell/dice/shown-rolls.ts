/**
 * Dice the GM's client rolls for the table (damage settled on a card, a screen's opposed checks, a
 * grapple, a morale check): rolled with Foundry's `Roll`, then shown in one roll message, so they
 * appear in the chat log and Dice So Nice animates them (it shows the rolls of a message as it is
 * created). Who sees them follows what they belong to, never the GM's own roll mode setting:
 * - dice for a card go to whoever sees the card (its recipients, blind if it is blind);
 * - dice for a player's character go to everyone (a private GM must not hide a player's own
 *   death save from that player);
 * - otherwise the current user's roll mode applies (a GM may keep an NPC's dice to itself).
 * Roll modes: client/documents/chat-message.mjs `applyRollMode`, client/dice/roll.mjs `toMessage`.
 */
export type RollMode = "publicroll" | "gmroll" | "blindroll" | "selfroll";

/** Who sees dice rolled about an actor: everyone for a player's character, else as this user rolls. */
export function rollModeFor(actor: { readonly hasPlayerOwner?: boolean } | null | undefined): RollMode {
  if (game.user?.isGM && actor?.hasPlayerOwner) return "publicroll";
  return (game.settings?.get("core", "rollMode") as RollMode | undefined) ?? "publicroll";
}

/** The roll mode (and recipients) of a card's dice: as the card is seen. Pure. */
export function modeLike(card: { readonly whisper: readonly (string | null)[]; readonly blind: boolean }):
  { rollMode: RollMode; whisper: string[] } {
  const whisper = card.whisper.filter((id): id is string => typeof id === "string");
  if (!whisper.length) return { rollMode: "publicroll", whisper: [] };
  return { rollMode: card.blind ? "blindroll" : "gmroll", whisper };
}

export class ShownRolls {
  readonly rolls: Roll[] = [];

  /**
   * Rolls a formula now (it is shown with the others by `show`).
   * @param flavor a name over this roll in the message (who rolled it), if any: Foundry renders a
   *   roll's `options.flavor` above its formula unless the viewer may not see the roll
   *   (client/dice/roll.mjs `_prepareChatRenderContext`).
   */
  async roll(formula: string, flavor?: string): Promise<Roll> {
    // fvtt-types' Roll.Options omits `flavor`, which Foundry reads (see above).
    const options = (flavor ? { flavor } : {}) as Roll.Options;
    const roll = await new Roll(formula, {}, options).evaluate();
    this.rolls.push(roll);
    return roll;
  }

  /**
   * Posts every roll made so far in one message, then forgets them.
   * @param like the card they belong to (its visibility), or the actor they are about.
   */
  async show(flavor: string, about: {
    card?: ChatMessage.Implementation | null;
    actor?: Actor.Implementation | null;
    speaker?: object;
    /** A roll mode to show them with, whatever the rest says (a hidden combatant's: private). */
    rollMode?: RollMode;
  } = {}): Promise<void> {
    if (!this.rolls.length) return;
    const rolls = this.rolls.splice(0);
    const mode = about.rollMode ? { rollMode: about.rollMode, whisper: [] }
      : about.card ? modeLike(about.card) : { rollMode: rollModeFor(about.actor), whisper: [] };
    const data = {
      flavor, rolls: rolls.map((r) => JSON.stringify(r)), sound: CONFIG.sounds.dice,
      speaker: about.speaker ?? (about.actor
        ? ChatMessage.getSpeaker({ actor: about.actor }) : ChatMessage.getSpeaker()),
      whisper: mode.whisper,
    };
    const cls = ChatMessage.implementation as unknown as {
      applyRollMode(d: object, m: string): object;
      create(d: object): Promise<unknown>;
    };
    await cls.create(cls.applyRollMode(data, mode.rollMode));
  }

  /**
   * One die of `faces` rolled and shown at once with `card`'s visibility under `flavor` (a chain's
   * next link: Dice So Nice sees it as it comes).
   * @returns its result, 1 to `faces`.
   */
  static async die(faces: number, flavor: string, card: ChatMessage.Implementation):
    Promise<number> {
    const shown = new ShownRolls();
    const roll = await shown.roll(`1d${faces}`, flavor);
    await shown.show(flavor, { card });
    return roll.dice[0]?.results[0]?.result ?? 1;
  }
}
