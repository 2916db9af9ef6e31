// A part of a page that is the same for every shopper shown the same data (the home blocks are 979 of a member home
// page's 993 elements): the server renders it once per version of that data and puts the kept HTML into each page
// (decision 068). The browser renders the children as ever, and hydration finds exactly the DOM they make.
import { createContext, useContext, type ReactElement, type ReactNode } from "react";

/** Answers the HTML of `render()` for `version`, rendering it only when that version is not kept. Server only. */
export type FragmentRenderer = (version: string, render: () => ReactElement) => string;

const SharedFragments = createContext<FragmentRenderer | null>(null);
export const SharedFragmentsProvider = SharedFragments.Provider;

interface SharedFragmentProps {
  /** What the fragment is (its element and class are not part of the data): with `data`, the version. */
  kind: string;
  /** Everything the children show; serialised into the version on the server only. */
  data: unknown;
  as?: "div" | "ul";
  className?: string;
  children: ReactNode;
}

/**
 * An element (a `<div>`, a `<ul>`) whose children are a pure function of `kind` and `data`: they read no context, no
 * clock and nothing of the shopper. Without the server's renderer (the browser, a test) it is the plain element.
 */
export function SharedFragment({ kind, data, as: Element = "div", className, children }: SharedFragmentProps) {
  const fragments = useContext(SharedFragments);
  if (!fragments) return <Element className={className}>{children}</Element>;
  const html = fragments(versionOf(kind, data), () => <>{children}</>);
  return <Element className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

const versions = new WeakMap<object, Map<string, string>>();

/**
 * The version of a fragment: its kind and the JSON of its data. Frozen data (derived once from a kept answer,
 * decision 070) cannot change, so its version is worked out once and is the same string on every page.
 */
function versionOf(kind: string, data: unknown): string {
  if (typeof data !== "object" || data === null || !Object.isFrozen(data)) return `${kind} ${JSON.stringify(data)}`;
  let byKind = versions.get(data);
  if (!byKind) versions.set(data, (byKind = new Map()));
  let version = byKind.get(kind);
  if (version === undefined) byKind.set(kind, (version = `${kind} ${JSON.stringify(data)}`));
  return version;
}
