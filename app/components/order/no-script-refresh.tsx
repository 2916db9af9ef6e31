import { useHydrated } from "~/hooks/use-hydrated";

/**
 * Reloads the page (or goes to `url`) after `seconds` when JavaScript is off, in place of a poll or
 * a timer (spec/03 §8). Without JavaScript a <noscript> is a box of the layout: render this outside
 * grid and flex containers, or it takes a cell.
 */
export function NoScriptRefresh({ seconds, url }: { seconds: number; url?: string }) {
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={url ? `${seconds};url=${url}` : String(seconds)} />
    </noscript>
  );
}
