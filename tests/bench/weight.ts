// Client weight: the JavaScript and CSS a page's HTML makes the browser load first (modulepreload
// links, module scripts and their static imports of the inline entry, stylesheets), each built file
// gzipped with zlib as compression serves it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { INERT_MODULE, INERT_PRELOAD } from "../../app/lib/scripts-after-hero";

export interface Weight {
  jsFiles: number;
  jsRaw: number;
  jsGzip: number;
  cssFiles: number;
  cssRaw: number;
  cssGzip: number;
  largest: { file: string; gzip: number }[];
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

export function firstLoadWeight(html: string, clientDir: string): Weight {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(tag, "rel");
    const href = attr(tag, "href");
    if (!href?.startsWith("/")) continue;
    // the module preloads leave the server inert and load after the hero image (decision 039)
    if (rel === "modulepreload" || rel === INERT_PRELOAD) js.add(href);
    if (rel === "stylesheet") css.add(href);
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, "src");
    if (src?.startsWith("/")) js.add(src);
  }
  // Remix's inline module script imports the manifest, the entry and the route modules
  for (const [, body] of html.matchAll(new RegExp(`<script\\b[^>]*type="(?:module|${INERT_MODULE})"[^>]*>([\\s\\S]*?)</script>`, "g"))) {
    for (const [, spec] of body.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/[^"']+\.js)["']/g)) js.add(spec);
  }
  const sizes = (files: Set<string>) =>
    [...files]
      .map((href) => join(clientDir, decodeURIComponent(href.split("?")[0]!)))
      .filter((file) => existsSync(file))
      .map((file) => {
        const bytes = readFileSync(file);
        return { file: file.slice(clientDir.length), raw: bytes.length, gzip: gzipSync(bytes).length };
      });
  const jsSizes = sizes(js);
  const cssSizes = sizes(css);
  const sum = (list: { raw: number; gzip: number }[], key: "raw" | "gzip") => list.reduce((n, f) => n + f[key], 0);
  return {
    jsFiles: jsSizes.length,
    jsRaw: sum(jsSizes, "raw"),
    jsGzip: sum(jsSizes, "gzip"),
    cssFiles: cssSizes.length,
    cssRaw: sum(cssSizes, "raw"),
    cssGzip: sum(cssSizes, "gzip"),
    largest: [...jsSizes, ...cssSizes]
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 4)
      .map(({ file, gzip }) => ({ file, gzip })),
  };
}
