// The time an unpaid order has left, on its page and on the pay page (issue 37): without JavaScript
// the clock time it closes at and the minutes left, as the server saw them; with it a countdown.
import { useEffect, useState } from "react";
import { useCountdown } from "~/hooks/use-countdown";
import { useHydrated } from "~/hooks/use-hydrated";
import { shopClock } from "../../../shared/shop-time";

const pad = (n: number) => String(n).padStart(2, "0");

/** `seconds` left when the page was loaded at `loadedAt` (the server's clock, so both renders agree). */
export function PayDeadline({ seconds, loadedAt, className = "" }: { seconds: number; loadedAt: number; className?: string }) {
  const hydrated = useHydrated();
  const countdown = useCountdown();
  const { start } = countdown;
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (seconds <= 0) return;
    start(seconds);
    setStarted(true);
  }, [seconds, loadedAt, start]);

  const classes = `text-sm text-primary-300 ${className}`.trim();
  if (seconds <= 0 || (started && countdown.seconds === 0)) {
    return (
      <p className={classes} data-testid="pay-deadline">
        支付已超时，订单即将关闭
      </p>
    );
  }
  if (hydrated && started) {
    const left = countdown.seconds;
    return (
      <p className={classes} data-testid="pay-deadline">
        请在 <span className="tabular-nums">{`${pad(Math.floor(left / 60))}:${pad(left % 60)}`}</span> 内完成支付
      </p>
    );
  }
  const closesAt = shopClock(loadedAt + seconds * 1000);
  return (
    <p className={classes} data-testid="pay-deadline">
      请在 {pad(closesAt.hours)}:{pad(closesAt.minutes)} 前完成支付（剩余 {Math.ceil(seconds / 60)} 分钟）
    </p>
  );
}
