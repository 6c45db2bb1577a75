import { SeededRoller } from "../../../engine/dice/roller";
import { jsonLog } from "../../../engine/runner/log";
import type { Statblock } from "../rules/statblock";
import { runEncounter } from "../encounter/simulate";
import { runDay } from "../encounter/day";

/** The foes of `npm run encounter` without `--foes` (pack slugs, repeats allowed). */
export const DEFAULT_FOES = [
  "bog-goblin-skulker",
  "bog-goblin-skulker",
  "cinder-imp",
  "ashen-cultist",
  "marsh-hag",
  "ironbark-brute",
].join(",");

/** The fights of `--day` without `--foes`: each fight's slugs, fights separated by ";". */
export const DEFAULT_DAY = [
  "bog-goblin-skulker,bog-goblin-skulker,gutter-rat-swarm,cinder-imp",
  "ashen-cultist,marsh-hag,hollow-sentry",
  "ironbark-brute,stormcaller-adept,whisper-shade",
].join(";");

/** What `npm run encounter -- --json` plays: one fight (with its options) or a day of fights. */
export type LogRequest =
  | {
      readonly mode: "fight";
      readonly party: readonly Statblock[];
      readonly foes: readonly Statblock[];
      readonly seed: number;
      readonly surprise?: "party" | "enemies";
      readonly ambushDie?: boolean;
      readonly flee?: boolean;
    }
  | {
      readonly mode: "day";
      readonly party: readonly Statblock[];
      readonly fights: readonly (readonly Statblock[])[];
      readonly seed: number;
    };

/**
 * The JSON log line (with its trailing newline) that `npm run encounter -- --json` prints: the
 * CLI writes exactly this string, and the pinned-hash test hashes it, so the two cannot drift.
 */
export function encounterLogJson(request: LogRequest): string {
  const roller = new SeededRoller(request.seed);
  if (request.mode === "day") {
    const day = runDay({ party: request.party, fights: request.fights, roller });
    return `${JSON.stringify({ fights: day.fights, events: day.events })}\n`;
  }
  const { party, foes, surprise, ambushDie, flee } = request;
  return jsonLog(runEncounter({ party, foes, roller, surprise, ambushDie, flee }));
}
