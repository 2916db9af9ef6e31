import { Form, Link } from "@remix-run/react";
import type { RestockNotice } from "~/api/restock.server";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { restockOutcome, type Channels } from "~/lib/notify-channels";
import { formatDateTime } from "../../../shared/shop-time";

/** 我的订单's small list of the member's 到货提醒 (decision 031), each cancellable while it waits. */
export function RestockNoticeList({ notices, channels, className = "" }: { notices: RestockNotice[]; channels: Channels | null; className?: string }) {
  if (notices.length === 0) return null;
  return (
    <section aria-labelledby="restock-notices-title" className={cardClass("sm", `space-y-3 self-start ${className}`)}>
      <h2 id="restock-notices-title" className="px-2 font-semibold">
        到货提醒
      </h2>
      <ul className="space-y-3">
        {notices.map((notice) => (
          <li key={notice.notice_id} className="space-y-1 rounded-lg bg-surface-page/40 px-3 py-2 text-sm" data-testid="restock-notice">
            <Link to={`/topic/${notice.goods_no}?sku=${encodeURIComponent(notice.sku_no)}`} className="block font-medium hover:text-primary-300">
              {notice.goods_name}
            </Link>
            <p className="text-ink-muted">{notice.sku_name}</p>
            {notice.status === "WAITING" ? (
              <div className="flex items-center justify-between gap-2">
                <span className="text-xs text-ink-faint">等待到货 · {formatDateTime(notice.created_at).slice(0, 10)}</span>
                <Form method="post" replace preventScrollReset>
                  <input type="hidden" name="intent" value="restock-cancel" />
                  <input type="hidden" name="notice_id" value={notice.notice_id} />
                  <Button type="submit" variant="outline" size="xs" aria-label={`取消到货提醒：${notice.goods_name} ${notice.sku_name}`}>
                    取消
                  </Button>
                </Form>
              </div>
            ) : (
              <p className="text-xs text-success-200">{restockOutcome({ smsSent: notice.sms_sent, mailSent: notice.mail_sent }, channels)}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
