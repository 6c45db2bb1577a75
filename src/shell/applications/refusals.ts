/**
 * Runs a user action whose refusals are thrown as localized Errors (the chat workflows check before
 * they change anything): a refusal becomes a warning notification, nothing else happens.
 */
export async function warnIfRefused(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (err) {
    ui.notifications?.warn((err as Error).message);
  }
}
