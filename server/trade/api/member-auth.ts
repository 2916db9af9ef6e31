// The logged-in member of a request, from the Login-Credential header or the login cookie.
import type { Response } from "express";
import type { TradeDeps } from "../deps";
import { memberByCredential, type Member } from "../services/session.service";
import { clientOf } from "../http/client-context";
import { ApiError, ERROR } from "../http/api-error";

export const NOT_LOGGED_IN = "登录已失效，请重新登录";

/** The member, or a 401 with error_code 401 (spec/01 §4: the client resets its session). */
export function requireMember(deps: TradeDeps, res: Response): Member {
  const member = optionalMember(deps, res);
  if (!member) throw new ApiError(ERROR.NOT_LOGGED_IN, NOT_LOGGED_IN);
  return member;
}

export function optionalMember(deps: TradeDeps, res: Response): Member | null {
  if (res.locals.member !== undefined) return res.locals.member as Member | null;
  const member = memberByCredential(deps.store.db, clientOf(res).credential, deps.now());
  res.locals.member = member;
  return member;
}
