/** The time source, injectable so tests control it. Milliseconds since the epoch. */
export type Clock = { now(): number };

export const systemClock: Clock = { now: () => Date.now() };
