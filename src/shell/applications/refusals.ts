/**
 * Runs a user action whose refusals are thrown as localized Errors (the chat workflows check before
 * they change anything): a refusal becomes a warning notification, nothing else happens.
 * @returns whether the action ran without a refusal (false after the warning).
 */
export async function warnIfRefused(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (err) {
    ui.notifications?.warn(err instanceof Error ? err.message : String(err));
    return false;
  }
}
