// Keeps a shopper's first key presses and clicks from crashing hydration (React error #345).
//
// With single fetch, <RemixBrowser> suspends at the root of the document until the loader data
// streamed inline in the HTML is decoded into `window.__remixContext.state`; on a busy machine or a
// slow phone that takes a noticeable moment after the scripts run. React 18 cannot synchronously
// hydrate a root that is suspended outside any Suspense boundary: a discrete event in that moment
// (the Tab a keyboard user presses first) makes React flush the root at the sync lane, the
// suspension turns into an error, the retry without the sync lane suspends again and React throws
// "Root did not complete" from the event, after switching the whole document to client rendering.
//
// Until the state is decoded, those events are stopped at the window, before React's listener on
// the document sees them. Their default actions (moving focus, following a link, typing, a native
// form submission) still happen, and React has nothing hydrated to hand them to yet.

/** The events for which React 18 tries to hydrate synchronously (react-dom's discreteReplayableEvents). */
export const DISCRETE_EVENTS = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
] as const;

type RemixWindow = Window & { __remixContext?: { state?: unknown } };

/** Shields React's root listener until Remix has decoded its state; answers a function that lifts it. */
export function shieldUntilStateDecoded(win: RemixWindow = window): () => void {
  const decoded = () => win.__remixContext?.state !== undefined;
  const lift = () => {
    for (const type of DISCRETE_EVENTS) win.removeEventListener(type, shield, true);
  };
  function shield(event: Event) {
    if (decoded()) return lift();
    event.stopPropagation();
  }
  if (!decoded()) for (const type of DISCRETE_EVENTS) win.addEventListener(type, shield, true);
  return lift;
}
