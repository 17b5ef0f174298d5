/** `value` kept within low..high. The engine's one clamp. */
export const clamp = (value: number, low: number, high: number) =>
  Math.min(high, Math.max(low, value));
