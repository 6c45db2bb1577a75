/**
 * A surprise round's marks, which a GM sets before the combat starts (the turn base's
 * `surpriseMarks`: shock's surprised sides, action-points' surprisers), kept as a list in the
 * Combat's `flags.fray`, which only a GM may write (common/documents/combat.mjs `#canUpdate`).
 */

/** A Combat flag of Fray's holding a list of ids. */
type MarkFlag = {
  [K in keyof FrayCombatFlags]-?: NonNullable<FrayCombatFlags[K]> extends string[] ? K : never;
}[keyof FrayCombatFlags];

/**
 * GM, before the combat starts: adds `key` to the marks kept in `flags.fray[flag]`, or takes it
 * out when there.
 * @throws Error(`started`: localized) once the combat has started; nothing changes.
 */
export async function toggleSurpriseMark(
  combat: Combat.Implementation, flag: MarkFlag, key: string, started: string,
): Promise<void> {
  if (combat.started) throw new Error(started);
  const now = (combat.getFlag("fray", flag) as string[] | undefined) ?? [];
  const next = now.includes(key) ? now.filter((k) => k !== key) : [...now, key];
  await combat.setFlag("fray", flag, next);
}
