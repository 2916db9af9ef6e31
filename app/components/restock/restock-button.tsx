import { Form } from "@remix-run/react";
import { StatusButton } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { restockPromise, type Channels } from "~/lib/notify-channels";

/**
 * In place of 立即购买 on a sold-out SKU (when the services offer 到货提醒, decision 031): ask to be
 * told when it is back, or cancel the reminder already asked for. A visitor's click leads to login.
 * The line names only the channels the services say a reminder goes by (decision 058).
 */
export function RestockButton({ skuNo, noticeId, channels }: { skuNo: string; noticeId: number | null; channels: Channels | null }) {
  const pending = useIsPending();
  return (
    <Form method="post" replace preventScrollReset className="space-y-1.5" data-testid="restock">
      <p className="text-center text-sm text-warning-200" role="status">
        {noticeId === null ? "补货中：该规格暂时缺货" : restockPromise(channels)}
      </p>
      {noticeId === null ? (
        <>
          <input type="hidden" name="intent" value="restock" />
          <input type="hidden" name="sku" value={skuNo} />
          <StatusButton pending={pending} size="xl" block>
            到货提醒
          </StatusButton>
        </>
      ) : (
        <>
          <input type="hidden" name="intent" value="restock-cancel" />
          <input type="hidden" name="notice_id" value={noticeId} />
          <StatusButton pending={pending} size="xl" variant="outline" block>
            取消到货提醒
          </StatusButton>
        </>
      )}
    </Form>
  );
}
