// The `{success, result}` envelope that carries results and ApiErrors, and zod input parsing
// whose failures name the field in Chinese (spec/03 §2).
import diagnostics from "node:diagnostics_channel";
import type { ErrorRequestHandler, Response } from "express";
import { UNEXPECTED_ERROR } from "../../../shared/channels";
import { withoutSecrets } from "../../http/log-url";
import type { Logger } from "pino";
import { z } from "zod";
import { compressWhole } from "../../http/content-coding";
import { ApiError, ERROR } from "./api-error";
import { NO_STORE, notModified } from "./cache-control";

export function send<T>(res: Response, result: T, status = 200) {
  writeJson(res, status, { success: true, result });
}

export function sendError(res: Response, error: ApiError) {
  // a failure is this request's, even on a public read
  res.setHeader("Cache-Control", NO_STORE);
  writeJson(res, error.status, {
    success: false,
    result: { error_code: error.errorCode, error_msg: error.message },
  });
}

/**
 * Writes a JSON answer, gzipped in one synchronous call when the client takes gzip (about 25 µs for
 * a search page, ~1 ms for the largest order list; server/http/content-coding.ts) instead of
 * through the compression middleware (/api is mounted before it). A public read whose client holds
 * the current copy gets a 304 (server/trade/http/cache-control.ts).
 */
function writeJson(res: Response, status: number, value: unknown) {
  const json = Buffer.from(JSON.stringify(value));
  if (notModified(res, status, json)) {
    res.status(304).end();
    return;
  }
  res.status(status);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  const body = compressWhole(res.req, res, json, { brotli: false });
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/** Parses untrusted input; a failure is a 400 whose message names the first bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, where = "参数"): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw new ApiError(ERROR.BAD_INPUT, describeIssue(result.error.issues[0], where));
}

function describeIssue(issue: z.core.$ZodIssue | undefined, where: string): string {
  if (!issue) return `${where}错误`;
  const field = issue.path.length ? issue.path.map(String).join(".") : "请求体";
  if (issue.input === undefined && issue.code !== "unrecognized_keys") return `缺少${where} ${field}`;
  switch (issue.code) {
    case "invalid_type":
      return issue.input === null ? `缺少${where} ${field}` : `${where} ${field} 类型错误`;
    case "invalid_value":
      return `${where} ${field} 取值无效`;
    case "too_big": {
      if (issue.origin === "string") return `${where} ${field} 过长，最多 ${issue.maximum} 个字符`;
      if (issue.origin === "array") return `${where} ${field} 过长，最多 ${issue.maximum} 项`;
      return Number(issue.maximum) >= Number.MAX_SAFE_INTEGER ? `${where} ${field} 数值过大` : `${where} ${field} 不能大于 ${issue.maximum}`;
    }
    case "too_small": {
      const length = issue.origin === "string" || issue.origin === "array";
      if (length && issue.minimum === 1) return `${where} ${field} 不能为空`;
      if (issue.origin === "string") return `${where} ${field} 过短，至少 ${issue.minimum} 个字符`;
      if (issue.origin === "array") return `${where} ${field} 至少 ${issue.minimum} 项`;
      return Number(issue.minimum) <= Number.MIN_SAFE_INTEGER ? `${where} ${field} 数值过小` : `${where} ${field} 不能小于 ${issue.minimum}`;
    }
    case "unrecognized_keys":
      return `${where}包含未知字段 ${issue.keys.join(", ")}`;
    default:
      return `${where} ${field} 格式错误`;
  }
}

/** The last handler of /api: expected failures become envelopes; the rest is logged, never shown. */
export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof ApiError) return sendError(res, error);
    // an address whose path parameter Express cannot decode (`%E0%A4%A`): the address is wrong, not the body
    if (error instanceof URIError) return sendError(res, new ApiError(ERROR.BAD_INPUT, "请求地址格式错误"));
    // body-parser failures: malformed JSON, oversized body
    if (typeof error?.status === "number" && error.status >= 400 && error.status < 500) {
      const tooLarge = error.status === 413;
      return sendError(res, new ApiError(ERROR.BAD_INPUT, tooLarge ? "请求体过大" : "请求体格式错误"));
    }
    logger.error({ err: error, reqId: req.id, url: withoutSecrets(req.originalUrl) }, "unexpected error");
    diagnostics.channel(UNEXPECTED_ERROR).publish(error);
    sendError(res, new ApiError(ERROR.INTERNAL, "服务繁忙，请稍后再试"));
  };
}
