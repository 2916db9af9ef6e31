// Renders the whole document before sending it (complete HTML for shoppers without JavaScript
// and for crawlers), with the CSP nonce on every script Remix emits: in one call to renderToString
// when the loaders' data holds no pending promise, through React's stream when it does (<Await>).
import diagnostics from "node:diagnostics_channel";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import type { Logger } from "pino";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { RETRY_AFTER_SECONDS } from "~/api/client.server";
import { NonceProvider } from "~/components/layout/nonce";
import { SharedFragmentsProvider } from "~/components/shared-fragment";
import { recordPageView } from "~/server-only/page-view.server";
import { renderSharedFragment } from "~/server-only/shared-fragments.server";
import { createAppLoadContext } from "~/server-only/session.server";
import { deferScripts, documentBody } from "~/server-only/document-body.server";
import { DOCUMENT_RENDER } from "../shared/channels";

// the page cache (server/page-cache.ts) records the views of the documents it serves through this
export { recordPageView };
// server/serve.ts builds every request's load context through this (one session object per request), with the
// storefront's settings it parsed once from its environment through parseEnv
export { createAppLoadContext };
export { parseEnv } from "~/server-only/env.server";
// the route tests, whose fake backend gains and loses extensions between tests (tests/routes/storefront.ts)
export { forgetAbsentExtensions } from "~/api/extensions.server";

/**
 * What a loader, an action or a render threw, on the request's logger (its lines carry the request id) instead of
 * Remix's console.error; a request the browser gave up is no error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // a route error response Remix made of a thrown Error keeps it as `error` (Remix's own handler unwraps it too)
  const cause = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  // Remix's own 4xx (a POST to a page without a form): the request's fault, which the access log's status records
  if (isRouteErrorResponse(error) && error.status < 500) {
    context.log.info({ status: error.status, reason: cause instanceof Error ? cause.message : String(error.data) }, "storefront refused the request");
    return;
  }
  context.log.error({ err: cause }, "storefront error");
};

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
  if (request.method === "GET" && !loadContext.backOffice) recordPageView(loadContext, new URL(request.url).pathname, { found: responseStatusCode < 400 });
  const page = (
    <NonceProvider value={nonce}>
      <SharedFragmentsProvider value={renderSharedFragment}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </SharedFragmentsProvider>
    </NonceProvider>
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (holdsDeferredData(remixContext)) return renderStreamed(page, loadContext.log, nonce, responseStatusCode, responseHeaders);
  return renderWhole(page, remixContext).then(
    (html) => {
      renders.publish({ render: "string" });
      return new Response(html, { headers: responseHeaders, status: responseStatusCode });
    },
    // something suspended or threw inside a Suspense boundary after all: the stream decides, as for deferred data
    () => renderStreamed(page, loadContext.log, nonce, responseStatusCode, responseHeaders),
  );
}

const renders = diagnostics.channel(DOCUMENT_RENDER);

/** Whether a route's loader or action data holds a promise at its top level: what `<Await>` waits for. */
function holdsDeferredData({ staticHandlerContext: { loaderData, actionData } }: EntryContext): boolean {
  const pending = (value: unknown) => typeof (value as PromiseLike<unknown> | null)?.then === "function";
  return [loaderData, actionData].some(
    (routes) => routes && Object.values(routes).some((data) => typeof data === "object" && data !== null && Object.values(data).some(pending)),
  );
}

/**
 * The document in one renderToString (issue 40: React 18's streaming writer allocated a view per written string,
 * a quarter of a member's home page). Remix's <StreamTransfer> would suspend on the single-fetch data stream, so
 * that stream is read to its end first and its text handed to <StreamTransfer> through `renderMeta.streamCache`,
 * an internal of @remix-run/react 2 (dist/single-fetch.js: one entry per chunk, `{ result: { done, value } }`).
 * Rejects when React had to leave a Suspense boundary to the browser (`<!--$!-->`: something suspended or threw):
 * the caller renders the page through the stream instead, which turns such an error into a 500 as before.
 */
async function renderWhole(page: ReactElement, context: EntryContext): Promise<Buffer<ArrayBuffer>> {
  const stream = context.serverHandoffStream;
  if (stream) {
    const text = await new Response(stream).text();
    const done = { result: { done: true, value: "" } };
    const chunks = { 0: text ? { result: { done: false, value: text } } : done, 1: done };
    (context.renderMeta ??= {}).streamCache = chunks as unknown as NonNullable<EntryContext["renderMeta"]>["streamCache"];
    // read already: <RemixServer> takes a reader of it, which must not be the spent one
    context.serverHandoffStream = new ReadableStream();
  }
  const html = renderToString(page);
  if (html.includes("<!--$!-->")) throw new Error("a Suspense boundary was left to the browser");
  return deferScripts(Buffer.from(`<!DOCTYPE html>${html}`));
}

/** The document through React's stream, whole before it is sent (onAllReady): for pages with deferred data. */
function renderStreamed(page: ReactElement, log: Logger, nonce: string, status: number, headers: Headers): Promise<Response> {
  renders.publish({ render: "stream" });
  let responseStatusCode = status;
  return new Promise<Response>((resolve, reject) => {
    let ready = false;
    // a render still unfinished by then is abandoned; a finished one clears the timer, which would
    // otherwise keep the render and its document alive six seconds longer (issue 24: GC and memory)
    const abandon = setTimeout(() => abort(), ABORT_DELAY + 1_000);
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onAllReady() {
        ready = true;
        // one buffer, without React 18's NUL padding (see document-body.server.ts)
        const { sink, body } = documentBody();
        body.then((html) => resolve(new Response(html, { headers, status: responseStatusCode })), reject).finally(() => clearTimeout(abandon));
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(abandon);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (ready) log.error({ err: error }, "storefront render error");
      },
    });
  });
}
