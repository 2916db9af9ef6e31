import { useEffect, useState } from "react";

let hydratedOnce = false;

/**
 * False in the server HTML and during hydration, true afterwards: components render their no-JS
 * form first (a link, a native control) and let the enhanced widget take over (STYLE §3).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
