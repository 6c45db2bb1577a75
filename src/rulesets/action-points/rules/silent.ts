/**
 * Fray's readings where `004_2cc57162401858c9.txt` is silent and RULINGS.md §action-points does
 * not speak yet, as the headless runner plays them (each named so the lead can settle it in
 * RULINGS.md and Foundry can play the same):
 * - Standing up from prone costs 1 AP (the text prices no such action; "1-2 AP for various
 *   actions", §Actions/Turn Cheat Sheet) and provokes reaction attacks (§Reaction Attacks). A
 *   prone combatant stands before it moves; lying prone changes no check (the text gives it none).
 * - Breaking free of a grapple costs no AP: it is the one thing a grappled defender may do, once
 *   a round (§Grapple).
 * - A grappled defender "cannot take actions": it makes no reaction attack, Riposte or Intercept
 *   (an attack or a move), but may still Dodge, Parry or Block. A grappler cannot move, so it
 *   cannot Intercept either (§Grapple: "Neither can move independently").
 * - A push (Shove) and an Intercept's move are not the mover's own movement and provoke no
 *   reaction attack (§Threat Range speaks of an opponent who "moves OUT").
 * - A combatant threatens only with a readied melee weapon (a bite or a claw is one): threat is
 *   "any square you can reasonably reach with a melee attack" (§Threat Range).
 * - A Shove reaches an adjacent foe only.
 */
export const STAND_UP_AP = 1;
export const BREAK_FREE_AP = 0;
/** How far a Shove reaches, in hexes. */
export const SHOVE_REACH = 1;

