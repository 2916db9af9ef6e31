import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { createElement, type ReactElement } from "react";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { INERT_MODULE, INERT_PRELOAD } from "~/lib/scripts-after-hero";
import { documentBody } from "./document-body.server";

function render(element: ReactElement, into: "PassThrough" | "documentBody") {
  return new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        if (into === "PassThrough") {
          const body = new PassThrough();
          text(body).then(resolve, reject);
          pipe(body);
        } else {
          const { sink, body } = documentBody();
          body.then((buffer) => resolve(buffer.toString("utf8")), reject);
          pipe(sink);
        }
      },
      onError: reject,
    });
  });
}

describe("documentBody", () => {
  // many short Chinese texts: sooner or later a 3-byte character straddles one of React's views
  const page = createElement(
    "ul",
    null,
    Array.from({ length: 600 }, (_, i) => createElement("li", { key: i }, `协议与教程${"a".repeat(i % 3)}`)),
  );

  it("React 18 alone pads its chunks with NUL bytes (the bug this works around)", async () => {
    expect(await render(page, "PassThrough")).toContain("\u0000");
  });

  it("never closes after the document, so React does not abort the finished render on it", async () => {
    const { sink, body } = documentBody();
    let closed = false;
    sink.on("close", () => (closed = true));
    sink.end(Buffer.from("<p>协议</p>"));
    expect((await body).toString("utf8")).toBe("<p>协议</p>");
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
  });

  it("the document comes out whole, in one buffer", async () => {
    const html = await render(page, "documentBody");
    expect(html).not.toContain("\u0000");
    expect(html).toBe(renderToStaticMarkup(page));
  });

  it("sends Remix's module preloads and module script inert, and nothing else changed (decision 039)", async () => {
    const remix =
      '<link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/root-2.js"/>' +
      '<script nonce="n">window.__remixContext = {};</script><script nonce="n" type="module" async="">import "/assets/root-2.js";</script>';
    const others = '<link rel="stylesheet" href="/assets/app.css"/><script type="application/ld+json">{}</script><p>rel="modulepreload" 协议</p>';
    const { sink, body } = documentBody();
    // split mid-tag, as React's 2048-byte views may split it
    const whole = Buffer.from(others + remix);
    const cut = Buffer.byteLength(others) + '<link rel="module'.length;
    sink.write(whole.subarray(0, cut));
    sink.end(whole.subarray(cut));
    const html = (await body).toString("utf8");
    expect(html).toBe(
      others +
        `<link rel="${INERT_PRELOAD}" href="/assets/entry.client-1.js"/><link rel="${INERT_PRELOAD}" href="/assets/root-2.js"/>` +
        `<script nonce="n">window.__remixContext = {};</script><script nonce="n" type="${INERT_MODULE}" async="">import "/assets/root-2.js";</script>`,
    );
  });

  it("shop content that spells Remix's tags is left as React escaped it (abuse case)", async () => {
    // a goods text or an attribute value carrying the patterns the rewrite looks for
    const hostile = createElement(
      "div",
      { title: 'x" type="module" async="' },
      '<link rel="modulepreload" href="/evil.js"> <script type="module" async="">',
      createElement("p", { "data-x": '<link rel="modulepreload"' }, "协议"),
    );
    const html = await render(hostile, "documentBody");
    expect(html).toBe(renderToStaticMarkup(hostile));
    expect(html).not.toContain(INERT_PRELOAD);
    expect(html).not.toContain(INERT_MODULE);
  });
});
