/**
 * The headless `wounds` runner's readings where `001_dbc5fcc02a99a518.txt` and RULINGS.md §wounds
 * do not say how a fight without a GM plays (besides the rules' own in `rules/silent.ts`), each
 * named so the lead can settle it:
 * - The field is a square grid where diagonals count 1 (the melee zone is "all the squares
 *   adjacent"); the party starts on row 0 and the foes on row 7, two columns apart; weapons and
 *   spells have no range in the text, so a shot reaches anywhere.
 * - The unit that "initiates combat by attacking before the battle officially starts" (the
 *   command's `--initiator`) makes that attack before round 1: it sneaks up to its target (half
 *   speed, full with Maneuverer; nobody sees it, so no free hits) and strikes undetected, so the
 *   target is flat-footed and takes sneak damage; it pays no action. The order is set after it,
 *   with Agility after any wound it dealt.
 * - A spell's attack is d20 + Accuracy against the defense like a ranged weapon with the spell's
 *   damage (no Strength); it is aimed like a weapon (the text's aims are for "physical" attacks,
 *   and it does not say what a spell may aim at), so a spell's wound carries its aim.
 * - A summon appears on a free square next to its summoner and joins the order after those it
 *   does not beat (`rules/initiative.ts` `joinPlan`); summons not kept as thralls vanish at the
 *   battle's end unlogged, and they are not refilled as winners.
 * - A free hit on a mover lands before the step that provoked it (the mover still on the square
 *   it is leaving); a mover who falls stops there.
 * - A unit's free hit strikes with its best melee weapon, else its best ranged one; a unit with
 *   neither (spells only) takes none.
 * - Bought +1 to hit is used by the buyer's next attack of any kind, free hits included.
 * - The winners' MP refill: the units of the winning side still in the fight.
 * Not played yet: prone (nothing in the packs knocks a unit down), disarming, delaying a turn,
 * spells of more than one turn or with upkeep (channeling), healing and the down PC brought back,
 * thralls.
 */
export {};
