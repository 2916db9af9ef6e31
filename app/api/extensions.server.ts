// Optional extensions of the contract (docs/api.md): calls the spec does not have, which a backend
// may lack. Asking one on every page view cost a failed call each time (issue 37: four more per goods
// view), so an extension's absence is remembered, per extension and storefront process, for
// EXTENSION_ABSENT_MS; while it is, the caller gets the failure it would have got, without the call.
// Then it is asked again: a backend may gain it. Decision 059.
import { NoEnvelope, type ApiResult } from "./client.server";

export type Extension = "password_rules" | "restock_notice" | "page_content_get" | "after_prices" | "shop_identity" | "member_contact";

export const EXTENSION_ABSENT_MS = 5 * 60_000;

/**
 * The answers that say "no such call here": 404 (our services' 接口不存在, or another backend's own page),
 * 405 (a route that exists for the spec's POST only) and 501. A timeout or a 5xx says nothing of the kind.
 */
const ABSENT = new Set([404, 405, 501]);

const absentUntil = new Map<Extension, number>();

const absentAnswer = (name: Extension) => ({ ok: false as const, status: 404, errorCode: 404, errorMsg: `${name}: not offered by the trade API` });

/** Asks an extension, unless an answer less than EXTENSION_ABSENT_MS ago said the backend has none. */
export async function askExtension<T>(name: Extension, ask: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  if ((absentUntil.get(name) ?? 0) > Date.now()) return absentAnswer(name);
  absentUntil.delete(name);
  const remember = () => absentUntil.set(name, Date.now() + EXTENSION_ABSENT_MS);
  try {
    const answer = await ask();
    if (!answer.ok && ABSENT.has(answer.status)) remember();
    return answer;
  } catch (error) {
    if (error instanceof NoEnvelope && ABSENT.has(error.status)) remember();
    throw error;
  }
}

/** Forgets every absence learnt (the route tests, whose fake backend changes between tests). */
export function forgetAbsentExtensions(): void {
  absentUntil.clear();
}
