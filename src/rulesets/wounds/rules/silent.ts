/**
 * Fray's readings where `001_dbc5fcc02a99a518.txt` is silent and RULINGS.md §wounds does not
 * speak, as these rules play them (each named so the lead can settle it in RULINGS.md):
 * - Sneak damage needs the attacker undetected (the text's "while undetected"); a target
 *   flat-footed for another reason (tied up, channeling) is hit on 5 but takes no sneak d4s.
 * - A flat-footed target that is also prone is hit on 5 (flat-footed ignores Agility); a prone
 *   target cannot dodge, so Bonus Actions bought for dodge do not count while it is prone.
 * - A fatal blow kills the attacker whether or not it stood in the target's melee zone (the
 *   ruling names no condition); the free hit (plain or critical) needs the melee zone.
 * - A decisive blow defeats a PC too (the text: "defeated instantly"), not merely downs it.
 * - A wound is judged on the damage dealt after the doubling (the damage the attack "deals").
 * - Sneak Attack adds a d4 per feat taken; Legion Leader, Reach, Athlete, Battle Caster,
 *   Maneuverer and Weapon Focus count once (one extra die however many focus feats name the
 *   weapon). The extra attack (a Move and both Bonus Actions) drops Weapon Focus's die, Sneak
 *   Attack's d4s and the Strength modifier; the base sneak d4 and bought melee damage stay.
 * - Bought +1 to hit lasts until the buyer's next attack, whenever that is; +2 movement lasts
 *   the turn it was bought in; both are added before halving or a third for prone, rounded down.
 * - Tumbling halves movement like sneaking (Maneuverer lists it beside sneaking and swimming).
 * - A spell's MP are paid when the cast begins; a turn puts its Attack and Move Actions towards
 *   a cast time, so more than two actions is channeling.
 * - A move gives one free hit at most, at the first trigger along it.
 * - Free hits may be taken on the unit's own turn too (an enemy's move off its own turn is rare
 *   but the text does not forbid it).
 * - Units joining after the order is set are ranked among themselves and placed after those they
 *   do not beat (engine `joinOrder`).
 * - A PC down as its turn starts has no action that turn, healed or not; healed during it, it
 *   acts from its next turn, and its Free Hit Slots of the round stay as they were.
 * - A summon cast outside a battle vanishes when a battle begins on its own scene (the text's
 *   "commencement of a battle"); a battle on another scene leaves it, and it fills its
 *   summoner's slots there as a thrall does. No summon is cast "outside of battle" while a
 *   battle is under way on the caster's scene.
 * - A spell with an upkeep (§Channeling names it, and nothing more) is kept up once cast, one at
 *   a time: while it is on, its caster channels (flat-footed unless Battle Caster) and has its
 *   ward (what it adds to Accuracy, armor or movement). Its upkeep MP are paid as each of the
 *   caster's later turns starts; a caster short of them loses the spell, and one down as its turn
 *   starts (it takes no turn) pays nothing then and keeps it. The Bonus Action that
 *   "toggles the effects of spells cast" turns it off (no ward, no channeling, no upkeep) or on
 *   again without recasting, on the caster's turn. Ending it is free, at any time. It ends with
 *   the battle; cast outside one, it only pays its MP (there are no turns to keep it up over).
 * - A Move Action's movement may be spent over several drags on the unit's turn (around an
 *   attack, say); a space crawled while prone spends three of it (a third of the movement), so
 *   a unit standing up mid-turn walks on with what is left. Diagonal steps count one space (as
 *   the melee zone's diagonals do); the text has no difficult terrain, so none is counted; an
 *   undone drag gives back no movement.
 */
export {};
