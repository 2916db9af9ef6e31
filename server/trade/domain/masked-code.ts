// A code as the back office's lists show it (decision 060): codes are money, so no list or order
// page shows one in full. Its own module so the back office's services share it without importing
// each other.

/** Its last few characters only (at most a third of it). */
export function maskCode(code: string): string {
  return `••••••${code.slice(-Math.min(4, Math.floor(code.length / 3)))}`;
}
