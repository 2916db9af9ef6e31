import { useCallback, useEffect, useState } from "react";

/** Whole seconds left of a countdown started with `start(n)`; 0 when none runs. */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [, setTick] = useState(0);
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      if (Date.now() >= endsAt) setEndsAt(null);
      else setTick((t) => t + 1);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  const start = useCallback((seconds: number) => setEndsAt(Date.now() + seconds * 1000), []);
  const seconds = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
  return { seconds, start };
}
