import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * A component that the server renders at once, so the HTML is complete without JavaScript, and
 * whose code the browser loads only when it first renders it (an overlay, the member menu).
 * Wrap its use in <Suspense>: a page that arrives with it keeps the server's markup on screen until
 * the code is there, then hydrates it. Call it as
 *
 *   const X = deferred(import.meta.env.SSR ? (await load()).X : null, () => load().then((m) => m.X));
 *
 * The server's side is a top-level await rather than a static import: the browser build then has
 * no static edge to the module at all (a static one, even unused, would let the chunk of the
 * importer swallow the module).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the constraint of React.lazy itself: any props
export function deferred<C extends ComponentType<any>>(now: C | null, later: () => Promise<C>): C | LazyExoticComponent<C> {
  return now ?? lazy(() => later().then((component) => ({ default: component })));
}
