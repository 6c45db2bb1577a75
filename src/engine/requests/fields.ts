/**
 * Reading a request's payload, whose shape nobody vouches for (a player's client can send
 * anything): the shell's relay checks and a ruleset's pure request readers use the same two reads.
 */

/** A payload once it is known to be an object (its fields still untrusted). */
export type Fields = Record<string, unknown>;

/** Whether a payload is an object whose fields can be read. */
export function isFields(v: unknown): v is Fields {
  return typeof v === "object" && v !== null;
}

/** A non-empty string field, else null. */
export function textField(v: unknown): string | null {
  return typeof v === "string" && v ? v : null;
}
