import { afterEach, beforeEach, vi } from "vitest";

/**
 * The console errors a test file's code logs (Fray's "putting back what changed" and the like),
 * kept rather than printed, for the file's checks: each test starts with none, and its mocks and
 * fake timers are undone after it. Call once, at the top of a test file.
 */
export function loggedErrors(): unknown[][] {
  const errors: unknown[][] = [];
  beforeEach(() => {
    errors.length = 0;
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
  return errors;
}
