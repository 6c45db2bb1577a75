import type { FightLog } from "./log";
import type { OutcomeEvent } from "./events";

/**
 * The fight loop every ruleset's headless runner plays: an opening (what happens before anyone's
 * turn), an optional surprise round, then rounds until one side is out or the rounds run out (a
 * draw). A round is played in blocks of turns, each block's turns laid out when the block comes up:
 * escalation plays each round as one block in band order (`000_c2dc3d650823e22d.txt` §Combat
 * Sequence), shock one block per side in the order the sides rolled, its members' order picked as
 * the side comes up (`002_5e27cdf788b28f5f.txt` §Combat Sequence). Each turn has a start (whether
 * the combatant takes one at all), the turn and its end; the runner asks the ruleset who has won
 * after every step that can drop someone, and ends the fight at once: nothing more happens in it.
 *
 * The surprise round is round 0, played before round 1 and not counted against `maxRounds`; who
 * acts in it is the ruleset's (escalation: two of the ambushing side, §Surprise and Ambushes;
 * shock: every side not surprised, a free round before initiative is rolled, §Surprise).
 *
 * The ruleset gives the rules of each step (`FightRules`); the loop is the same for all. It builds
 * the round, turn and outcome events only when the log records (trials and the bench do not).
 */
export interface FightRules<F, W extends string, E> {
  /** The fight's log; the loop emits each round's and turn's event and the outcome into it. */
  readonly log: FightLog<E | OutcomeEvent<W>>;
  /** Rounds played before the fight is a draw (the surprise round not counted). */
  readonly maxRounds: number;
  /** Whether round 0, the surprise round, is played before round 1. */
  readonly surprise: boolean;
  /**
   * The turns still to come in the block being played, in turn order: the loop takes them from
   * the front, and a rule may put one back further on (escalation's Delay).
   */
  readonly upcoming: F[];
  /**
   * The side left standing once every other side is out, else null. Asked after every step that
   * can drop someone: a ruleset may keep the answer until someone's state changes.
   */
  winner(): W | null;
  /** Before anyone's turn (shock: the field, execution attacks); may already end the fight. */
  opening?(): W | null;
  /** After the surprise round, before round 1 (shock: the sides roll initiative). */
  initiative?(): void;
  /** The event that opens `round` (0: the surprise round). Built only when recording. */
  roundEvent(round: number): E;
  /**
   * The round begins, after its event: budgets and actions refreshed, the order brought up to
   * date. May end the fight before any turn (escalation's party flees): returns the winner then.
   */
  startRound(round: number): W | null;
  /**
   * Lays out block `block` (0, 1, … of this round) in `upcoming`; false when the round has no
   * such block (it is over).
   */
  startBlock(block: number): boolean;
  /**
   * What happens right before `actor`'s place in the order comes up, whether or not it then takes
   * a turn (escalation: actions readied against it). Returns whether anything happened (the loop
   * then asks who has won).
   */
  beforeTurn?(actor: F): boolean;
  /** Whether `actor` takes its turn (false: it is skipped, and no turn event is logged). */
  takesTurn(actor: F): boolean;
  /** The event that opens `actor`'s turn in `round`. Built only when recording. */
  turnEvent(actor: F, round: number): E;
  /** The turn itself; returns whether its end follows (false: escalation's Delay). */
  takeTurn(actor: F): boolean;
  /** The end of `actor`'s turn, when the ruleset has one and nobody has won yet. */
  endTurn?(actor: F): void;
  /** The end of the round (shock: held actions, grapples); may end the fight. */
  endRound?(round: number): W | null;
  /** The fight is over (`winner`), before its outcome is logged (escalation: effects end). */
  closing?(winner: W | "draw"): void;
}

/** How a fight ended: the side left standing (or a draw) and the round it ended in. */
export interface FightOutcome<W extends string> {
  readonly winner: W | "draw";
  /** The round the fight ended in (0 when it ended before round 1); `maxRounds` for a draw. */
  readonly rounds: number;
}

/**
 * Plays a fight to its end.
 * @returns the winner and the round it ended in; the events are in `rules.log`.
 */
export function runFight<F, W extends string, E>(rules: FightRules<F, W, E>): FightOutcome<W> {
  const opened = rules.opening ? rules.opening() : null;
  if (opened !== null) return finish(rules, opened, 0);
  let round = 0;
  if (rules.surprise) {
    const won = playRound(rules, 0);
    if (won !== null) return finish(rules, won, 0);
  }
  if (rules.initiative) rules.initiative();
  while (round < rules.maxRounds) {
    round++;
    const won = playRound(rules, round);
    if (won !== null) return finish(rules, won, round);
  }
  return finish(rules, "draw", round);
}

/** One round, block by block and turn by turn; returns the winner as soon as there is one. */
function playRound<F, W extends string, E>(rules: FightRules<F, W, E>, round: number): W | null {
  const { log, upcoming } = rules;
  if (log.record) log.emit(rules.roundEvent(round));
  let won = rules.startRound(round);
  if (won !== null) return won;
  for (let block = 0; rules.startBlock(block); block++) {
    let actor: F | undefined;
    while ((actor = upcoming.shift()) !== undefined) {
      if (rules.beforeTurn && rules.beforeTurn(actor) && (won = rules.winner()) !== null) {
        return won;
      }
      if (!rules.takesTurn(actor)) continue;
      if (log.record) log.emit(rules.turnEvent(actor, round));
      if (!rules.takeTurn(actor)) continue;
      if ((won = rules.winner()) !== null) return won;
      if (!rules.endTurn) continue;
      rules.endTurn(actor);
      if ((won = rules.winner()) !== null) return won;
    }
  }
  return rules.endRound ? rules.endRound(round) : null;
}

/** The fight is over: the ruleset closes it, then the outcome is logged. */
function finish<F, W extends string, E>(
  rules: FightRules<F, W, E>, winner: W | "draw", round: number,
): FightOutcome<W> {
  if (rules.closing) rules.closing(winner);
  if (rules.log.record) rules.log.emit({ kind: "end", round, winner });
  return { winner, rounds: round };
}
