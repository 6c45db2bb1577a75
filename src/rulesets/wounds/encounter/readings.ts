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
 *   does not beat (`rules/initiative.ts` `joinPlan`).
 * - As the battle ends, each summon still in it is kept as a thrall when its summoner is in the
 *   fight and has the MP for its thrall cost (paid then, in the order summoned), else it
 *   vanishes; this comes after the winners' MP refill (the text orders neither; in Foundry the
 *   summoner answers the thrall offer once the battle is over). Summons are not refilled.
 * - A free hit on a mover lands before the step that provoked it (the mover still on the square
 *   it is leaving); a mover who falls stops there.
 * - A unit's free hit strikes with its best melee weapon, else its best ranged one; a unit with
 *   neither (spells only) takes none.
 * - Bought +1 to hit is used by the buyer's next attack of any kind, free hits included.
 * - The winners' MP refill: the units of the winning side still in the fight.
 * - Nothing in the text knocks a unit prone or disarms it in combat, so the tactics never do:
 *   a fight may begin with units lying prone or disarmed (the encounter's `lying`, a scripted
 *   set-up). On its turn such a unit stands up, then takes its item back, each with a Bonus
 *   Action while it has one, else its Move Action, else its Attack Action; the tactics never
 *   stand up off the turn (the runner can: it spends that action of the next turn).
 * - A disarmed unit has lost the weapon it holds: the one it fights with first (its ranged weapon
 *   when it would rather shoot, else its melee one). The item lies at its feet ("nearby"), so one
 *   action takes it back. Until then it strikes, free hits included, only with its other weapon,
 *   or not at all; spells need no item.
 * - The tactics never delay a turn (the text names no reason to wait that these fights would
 *   meet); a fight may script delays (the encounter's `delays`). A unit delays as its place comes
 *   up, once a round, until after a unit still to act this round or to the round's end; a delay
 *   after a unit that has acted or is out is not taken.
 * - A unit channels only an attack spell of more than one turn and no upkeep, and only when it
 *   has no attack spell one turn casts (no pack spell takes more than one turn: the tests give
 *   two casters one). It never cancels a cast; the spell strikes the target of the moment it is
 *   cast, and the turn plays on with the actions left.
 * - No pack unit heals, so the tactics never do; a fight may script heals as a round begins (the
 *   encounter's `heals`). A down PC healed above 0 is back in the fight on its square (beside
 *   it when someone stands there) and acts from its next place in the order, this round's if
 *   that is still to come; a defeated or dead unit is not healed.
 * - A spell's Bonus Action option (§Spell Casting: "an option under notes to change or improve
 *   its effects using bonus actions") is read as its `improvement`: damage added to its attack
 *   for each Bonus Action spent on it as it strikes, on the caster's turn (Foundry's attack
 *   dialog offers it the same way). §Bonus Actions' "Toggle the effects of spells cast" is a
 *   kept-up spell's Toggle (`rules/silent.ts`), which the tactics never use. A caster
 *   improves its attack spell with every Bonus Action it has left; those spent so buy no dodge.
 * - The field has no edge: the text describes no battlefield, so a unit stepping away from its
 *   foes may reach any square (negative rows and columns included); the GM's scene bounds play in
 *   Foundry.
 * - A shooter or caster whose Move Action is spent (stepping out of a melee zone, summoning,
 *   standing up) buys +1 to hit before its shot with a Bonus Action (no extra attack is left to
 *   save them for).
 * - A unit with a ward spell (an upkeep and a ward, no attack: `rules/silent.ts` reads how one is
 *   kept up) casts it with its Move Action as soon as no enemy could take a free hit at it, a
 *   foe is left and its MP cover the cast and one upkeep. A summoner holding no summon summons
 *   first (its summons draw the foes: a ward first lost more fights in 500 trials), else the
 *   ward comes before summoning more. It never toggles the spell off nor ends it: the upkeep is
 *   paid until its MP run out.
 */
export {};
