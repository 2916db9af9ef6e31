// Renders the whole document before sending it (complete HTML for shoppers without JavaScript
// and for crawlers), with the CSP nonce on every script Remix emits.
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { RETRY_AFTER_SECONDS } from "~/api/client.server";
import { NonceProvider } from "~/components/layout/nonce";
import { recordPageView } from "~/server-only/page-view.server";
import { createAppLoadContext } from "~/server-only/session.server";
import { documentBody } from "~/server-only/document-body.server";

// the page cache (server/page-cache.ts) records the views of the documents it serves through this
export { recordPageView };
// server/serve.ts builds every request's load context through this (one session object per request)
export { createAppLoadContext };

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // a 503 is the services out of reach (TradeUnavailable): Remix keeps only the cookies of a thrown
  // Response's headers, so its Retry-After is set here
  if (responseStatusCode === 503) responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
  // every document is a page view (spec/01 §2), recorded without waiting and without JavaScript
  if (request.method === "GET") recordPageView(loadContext, new URL(request.url).pathname, { found: responseStatusCode < 400 });
  return new Promise<Response>((resolve, reject) => {
    let ready = false;
    // a render still unfinished by then is abandoned; a finished one clears the timer, which would
    // otherwise keep the render and its document alive six seconds longer (issue 24: GC and memory)
    const abandon = setTimeout(() => abort(), ABORT_DELAY + 1_000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          ready = true;
          // one buffer, without React 18's NUL padding (see document-body.server.ts)
          const { sink, body } = documentBody();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          body
            .then((html) => resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode })), reject)
            .finally(() => clearTimeout(abandon));
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(abandon);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (ready) console.error(error);
        },
      },
    );
  });
}
