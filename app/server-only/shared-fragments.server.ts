// The server's renderer of shared fragments (app/components/shared-fragment.tsx, decision 068): the HTML of the last
// few versions, kept in this process.
import { LRUCache } from "lru-cache";
import { renderToString } from "react-dom/server";
import type { FragmentRenderer } from "~/components/shared-fragment";

/** Versions kept: the home blocks change with a price, a stock or the layout; a few versions cover the change itself. */
const kept = new LRUCache<string, string>({ max: 16 });

export const renderSharedFragment: FragmentRenderer = (version, render) => {
  let html = kept.get(version);
  if (html === undefined) kept.set(version, (html = renderToString(render())));
  return html;
};
