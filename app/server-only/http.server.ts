// The storefront's one failure path (docs/architecture.md, "The failure path"): data a page cannot
// live without is asserted and a miss is a thrown Response the route's GeneralErrorBoundary shows;
// optional data never throws.
import type { Logger } from "pino";
import { TradeUnavailable, type ApiResult } from "~/api/client.server";

/** Throws `new Response(message, init)` (404 unless told) when `condition` is falsy. */
export function invariantResponse(condition: unknown, message: string, init: ResponseInit = { status: 404 }): asserts condition {
  if (!condition) throw new Response(message, { ...init, headers: { "Content-Type": "text/plain; charset=utf-8", ...init.headers } });
}

/**
 * The result of a call the page cannot live without. A failure is thrown as a Response with the
 * services' status and Chinese message (404 stays 404; anything the shopper cannot fix becomes 502).
 * With `missing`, a malformed key (400) counts as not found too, and the 404 says `missing`.
 */
export function expectOk<T>(answer: ApiResult<T>, { missing }: { missing?: string } = {}): T {
  if (answer.ok) return answer.result;
  invariantResponse(!missing || (answer.status !== 400 && answer.status !== 404), missing ?? "");
  const status = answer.status >= 400 && answer.status < 500 ? answer.status : 502;
  throw new Response(answer.errorMsg, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * Optional data: a failed or refused call is logged and becomes null, never a failed page. Only
 * for what the page can live without: a list that is the page's content goes through `expectOk`,
 * or a null here must be shown as 加载失败, never as an empty list.
 */
export async function optional<T>(log: Logger, what: string, call: Promise<ApiResult<T>>): Promise<T | null> {
  try {
    const answer = await call;
    if (answer.ok) return answer.result;
    if (answer.status >= 500) log.warn({ call: what, status: answer.status, errorMsg: answer.errorMsg }, "optional data missing");
    return null;
  } catch (error) {
    // the client has logged it already
    if (!(error instanceof TradeUnavailable)) log.warn({ call: what, err: error }, "optional data missing");
    return null;
  }
}
