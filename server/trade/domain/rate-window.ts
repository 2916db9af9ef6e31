// Sliding-window limits: "at most `max` events in any `windowMs`".

/**
 * How long (ms) until one more event would be allowed, given the times of earlier events;
 * 0 when it is allowed now.
 */
export function waitBeforeNext(times: readonly number[], now: number, windowMs: number, max: number): number {
  if (max <= 0) return windowMs;
  const inWindow = times.filter((t) => t > now - windowMs && t <= now).sort((a, b) => a - b);
  if (inWindow.length < max) return 0;
  // The oldest event that must leave the window before the next one fits.
  return inWindow[inWindow.length - max] + windowMs - now;
}

export const ceilSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
export const ceilMinutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
