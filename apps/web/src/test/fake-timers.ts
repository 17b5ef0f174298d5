import { afterEach, beforeEach, vi } from "vitest";

/**
 * Fake timers for each test of the enclosing describe block, back to real ones after it. They
 * still follow the clock, so findBy and waitFor keep working.
 */
export function fakeTimersInEachTest() {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());
}
