import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Reports client-side navigations as page views (spec/01 §2 layout: ttsgame_all_show on entering
 * a route). The document load itself was already recorded by the server (entry.server), so the
 * first location is skipped; the server adds the channel name.
 */
export function PageViewReporter() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const body = new URLSearchParams({ path: pathname });
    if (!navigator.sendBeacon?.("/resources/page-view", body)) {
      fetch("/resources/page-view", { method: "POST", body, keepalive: true }).catch(() => {});
    }
  }, [pathname]);
  return null;
}
