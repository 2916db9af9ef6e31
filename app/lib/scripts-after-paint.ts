// The shop's JavaScript starts loading after the page's first paint (decision 039). Remix's
// <Scripts/> writes `<link rel="modulepreload">` for every module of the page and one inline
// `<script type="module">` that imports them; a browser fetches all of them as soon as it parses
// the document, beside the stylesheet and the hero image, and on a slow phone link the ~100 kB of
// JavaScript then delays the first paint of the page's largest image. The document leaves the
// server with those two made inert by a token of the same length (document-body.server.ts); the
// inline loader below, rendered after <Scripts/>, gives them back their meaning once the hero
// images are decoded and a frame has been painted, so the modules load and the page hydrates
// exactly as before, only later. Without JavaScript nothing changes: the page never needed them.

/** What `rel="modulepreload"` reads as until the loader runs (same length: rewritten in place). */
export const INERT_PRELOAD = "later-preload";
/** What `type="module"` reads as until the loader runs (same length). */
export const INERT_MODULE = "x-boot";

/**
 * The loader. A hero image is one sent with `fetchpriority="high"` (the page's largest above the
 * fold) that the layout shows. Once the heroes are decoded, the scripts start when the browser
 * reports a hero's largest-contentful-paint entry, or for a page without one its first paint:
 * both come after the frame is on screen. Fallbacks, for a hero that is not the page's largest
 * element: ten rendered frames after the decode (an IntersectionObserver's first report comes with
 * each rendering update; unlike timers, a test's fake clock does not hold it), and two seconds on
 * the real clock for a tab that renders nothing (in the background). The inert module script is
 * replaced by a copy that can run (same text, so the same CSP hash; its nonce): setting the text of
 * a script the parser met again does not make Chromium run it.
 */
export const LOADER_SCRIPT = `(function(){var d=0;function go(){if(d)return;d=1;document.querySelectorAll('link[rel="${INERT_PRELOAD}"]').forEach(function(l){l.rel="modulepreload"});var s=document.querySelector('script[type="${INERT_MODULE}"]');if(s){var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.text=s.text;s.replaceWith(m)}}function frames(n){var o=new IntersectionObserver(function(){o.disconnect();n>1?frames(n-1):go()});o.observe(document.documentElement)}var h=[].filter.call(document.querySelectorAll('img[fetchpriority="high"]'),function(i){return i.getClientRects().length>0});Promise.all(h.map(function(i){return i.decode().catch(function(){})})).then(function(){new PerformanceObserver(function(l){if(l.getEntries().some(function(e){return!h.length||h.indexOf(e.element)>=0}))go()}).observe({type:h.length?"largest-contentful-paint":"paint",buffered:true});frames(10)});setTimeout(go,2000)})()`;
