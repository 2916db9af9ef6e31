// The answer where no page of the shop's can be drawn: an address Express cannot decode, a missing file under
// /media, a method pages do not take, a Host that is not one, a fault. A shopper who follows a mangled link reads
// Chinese and finds the way back to the shop, never Express's "Bad Request".
import type { RequestHandler, Response } from "express";

const TITLES: Record<number, string> = {
  400: "链接有误",
  403: "无法访问",
  404: "页面不存在",
  405: "无法完成该操作",
};

/** A small page of its own (no stylesheet or script to load), in the shop's colours. */
export function sendFallbackPage(res: Response, status: number): void {
  const title = status >= 500 ? "服务繁忙，请稍后再试" : (TITLES[status] ?? "请求有误");
  const html =
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${title}</title>` +
    `<style>body{margin:0;padding:20vh 1rem;background:#1a1a1a;color:#f2f2f2;font:16px/1.6 system-ui,sans-serif;text-align:center}` +
    `a{display:inline-block;margin-top:1.5rem;padding:.6rem 1.5rem;border-radius:999px;background:#c84800;color:#fff;text-decoration:none}</style>` +
    `</head><body><h1>${title}</h1><a href="/">返回首页</a></body></html>`;
  res.status(status).set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).send(html);
}

/** What a page may be asked for: any other method is a 405 before Remix, which would answer it in English or throw. */
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);

export const pageMethodsOnly: RequestHandler = (req, res, next) => {
  if (PAGE_METHODS.has(req.method)) return next();
  res.set("Allow", [...PAGE_METHODS].join(", "));
  sendFallbackPage(res, 405);
};
