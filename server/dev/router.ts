// Demo-only pages (spec/03 §1, §6): the SMS and mail outboxes, readable by a person.
import { desc, eq } from "drizzle-orm";
import { Router, type RequestHandler } from "express";
import type { Store } from "../../db/client";
import { outboxMessages } from "../../db/schema";
import { formatDateTime } from "../../shared/shop-time";
import { escapeHtml } from "../html";

const CHANNELS = { sms: { channel: "SMS", title: "短信发件箱" }, mail: { channel: "MAIL", title: "邮件发件箱" } };

/**
 * The demo's paths (/dev, /mock-pay) in a shop that is not the demo: 404 for every method, as if
 * they had never existed (a POST would otherwise reach the storefront and get 405).
 */
export const demoPathAbsent: RequestHandler = (_req, res) => {
  res.status(404).type("text/plain; charset=utf-8").send("页面不存在");
};

export function devRouter(store: Store) {
  const router = Router();
  router.get("/", (_req, res) => {
    res.type("html").send(page("演示工具", `<ul><li><a href="/dev/sms">短信发件箱</a></li><li><a href="/dev/mail">邮件发件箱</a></li></ul>`));
  });
  for (const [path, { channel, title }] of Object.entries(CHANNELS)) {
    router.get(`/${path}`, (_req, res) => {
      const rows = store.db.select().from(outboxMessages).where(eq(outboxMessages.channel, channel)).orderBy(desc(outboxMessages.id)).limit(100).all();
      const body = rows.length
        ? `<table><thead><tr><th>时间</th><th>收件人</th><th>主题</th><th>内容</th></tr></thead><tbody>${rows
            .map(
              (m) =>
                `<tr><td>${formatDateTime(m.createdAt)}</td><td>${escapeHtml(m.recipient)}</td><td>${escapeHtml(m.subject)}</td><td><pre>${escapeHtml(m.body)}</pre></td></tr>`,
            )
            .join("")}</tbody></table>`
        : "<p>暂无消息</p>";
      res.type("html").send(page(title, body));
    });
  }
  return router;
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} · 演示</title>
<style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;background:#1a1a1a;color:#eee;margin:2rem}a{color:#ff8533}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #3a3a3a;padding:.5rem;text-align:left;vertical-align:top}pre{white-space:pre-wrap;margin:0;font:inherit}</style></head>
<body><h1>${title}</h1><p><a href="/dev">演示工具</a> · <a href="/">返回商城</a></p>${body}</body></html>`;
}
