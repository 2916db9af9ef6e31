// The document as one buffer. The shop renders a page whole before sending it (entry.server.tsx),
// so nothing is gained by passing React's output on chunk by chunk: React 18 writes it in 2048-byte
// views, and each of those went through a web stream, the Express adapter and gzip on its own
// (about fifty for the home page). Collected here, the page is compressed and written once.
//
// React 18.3 also flushes a view whole when a multi-byte UTF-8 character (every Chinese one) does
// not fit at its end, its unused last bytes as NUL (facebook/react#31134, fixed in React 19 only);
// browsers would show a broken character. The padding only ever sits at the end of a view and HTML
// has no NUL bytes of its own, so trailing NULs are dropped from each view.
import { Writable } from "node:stream";
import { INERT_MODULE, INERT_PRELOAD } from "~/lib/scripts-after-hero";

const PRELOAD = Buffer.from('<link rel="modulepreload"');
const PRELOAD_INERT = Buffer.from(`<link rel="${INERT_PRELOAD}"`);
const MODULE = Buffer.from(' type="module" async=""');
const MODULE_INERT = Buffer.from(` type="${INERT_MODULE}" async=""`);

/** Remix's module preloads and its module script, made inert in place until the loader runs (scripts-after-hero.ts). */
export function deferScripts(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  for (let at = html.indexOf(PRELOAD); at >= 0; at = html.indexOf(PRELOAD, at + PRELOAD.length)) PRELOAD_INERT.copy(html, at);
  const module = html.indexOf(MODULE);
  if (module >= 0) MODULE_INERT.copy(html, module);
  return html;
}

export function documentBody(): { sink: Writable; body: Promise<Buffer<ArrayBuffer>> } {
  const chunks: Buffer[] = [];
  let sink!: Writable;
  const body = new Promise<Buffer<ArrayBuffer>>((resolve, reject) => {
    sink = new Writable({
      // React aborts a render whose destination closes: after a whole document that abort only
      // built an ERR_STREAM_ALREADY_FINISHED error (with its stack) for every page
      emitClose: false,
      write(chunk: Buffer, _encoding, callback) {
        let end = chunk.length;
        while (end > 0 && chunk[end - 1] === 0) end--;
        chunks.push(end === chunk.length ? chunk : chunk.subarray(0, end));
        callback();
      },
      final(callback) {
        resolve(deferScripts(Buffer.concat(chunks)));
        callback();
      },
    });
    sink.once("error", reject);
  });
  return { sink, body };
}
