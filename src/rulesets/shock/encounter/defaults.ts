/**
 * The default `shock` fights (pack NPC names, repeats allowed): the four pregens against the
 * Thornwood bandits, and two more line-ups the tests and trials play.
 */
export const DEFAULT_SHOCK_FOES = [
  "Bandit Cutthroat", "Bandit Cutthroat", "Bandit Cutthroat", "Bandit Archer", "Bandit Archer",
  "Bandit Brute", "Bandit Captain",
] as const;

export const BARROW_FOES = [
  "Barrow Shambler",
  "Barrow Shambler",
  "Barrow Bowman",
  "Barrow Warden",
] as const;

export const MIRE_FOES = [
  "Mire Strangler", "Mire Strangler", "Mire Hunter", "Mire Hunter", "Mire Thrall", "Mire Thrall",
  "Mire Chief",
] as const;
