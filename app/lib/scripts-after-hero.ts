// The shop's JavaScript starts loading after the page's hero image (decision 039). Remix's
// <Scripts/> writes `<link rel="modulepreload">` for every module of the page and one inline
// `<script type="module">` that imports them; a browser fetches all of them as soon as it parses
// the document, beside the stylesheet and the hero image, and on a slow phone link the ~100 kB of
// JavaScript then delays the first paint of the page's largest image. The document leaves the
// server with those two made inert by a token of the same length (document-body.server.ts); the
// inline loader below, rendered after <Scripts/>, gives them back their meaning once the hero
// images have loaded, so the modules load and the page hydrates exactly as before, only later.
// Without JavaScript nothing changes: the page never needed them.

/** What `rel="modulepreload"` reads as until the loader runs (same length: rewritten in place). */
export const INERT_PRELOAD = "later-preload";
/** What `type="module"` reads as until the loader runs (same length). */
export const INERT_MODULE = "x-boot";

/**
 * The loader. A hero image is one sent with `fetchpriority="high"` (the page's largest above the
 * fold) that the layout shows; the scripts start as soon as every hero has loaded (or failed), at
 * once on a page without one. That is before the window's `load` event, which then waits for the
 * scripts as it always did: a page that has loaded is hydrating, as before. Only events, no timers:
 * a test's fake clock cannot hold it. The inert module script is replaced by a copy that can run
 * (same text, so the same CSP hash; its nonce): setting the text of a script the parser met again
 * does not make Chromium run it.
 */
export const LOADER_SCRIPT = `(function(){var d=0;function go(){if(d)return;d=1;document.querySelectorAll('link[rel="${INERT_PRELOAD}"]').forEach(function(l){l.rel="modulepreload"});var s=document.querySelector('script[type="${INERT_MODULE}"]');if(s){var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.text=s.text;s.replaceWith(m)}}var h=[].filter.call(document.querySelectorAll('img[fetchpriority="high"]'),function(i){return!i.complete&&i.getClientRects().length>0});var n=h.length;if(!n)go();else h.forEach(function(i){function one(){if(--n===0)go()}i.addEventListener("load",one);i.addEventListener("error",one)})})()`;
