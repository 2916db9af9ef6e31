/**
 * Times each way of answering, in five interleaved rounds, and answers each one's median in milliseconds: whatever else
 * the machine does weighs on all of them alike. For "the answer time does not tell X from Y" checks, whose paths differ
 * by a scrypt (tens of ms) when the check fails.
 */
export async function medianTimes<K extends string>(runs: Record<K, () => unknown>): Promise<Record<K, number>> {
  const samples = Object.fromEntries(Object.keys(runs).map((key) => [key, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < 5; round++) {
    for (const key of Object.keys(runs) as K[]) {
      const start = performance.now();
      await runs[key]();
      samples[key].push(performance.now() - start);
    }
  }
  return Object.fromEntries(Object.entries<number[]>(samples).map(([key, times]) => [key, times.sort((a, b) => a - b)[2]])) as Record<K, number>;
}
