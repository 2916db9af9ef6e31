import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { loginHref } from "~/login/login-href";
import { PAY_WAIT_STATUSES, type PayStatusAnswer } from "~/lib/order-status";

const POLL_MS = 1000;
const LOGIN_DELAY_MS = 1000;

/** Polls the order every second (one request at a time); paid → pay-wait, 401 → login, other failures stop it; answers the status last seen. */
export function usePaymentPolling(orderNo: string | null) {
  const { data: answer, load, state } = useFetcher<PayStatusAnswer>();
  // a poll still on its way is not cut short by the next one (an aborted load is a console error)
  const loading = useRef(false);
  loading.current = state !== "idle";
  const navigate = useNavigate();
  const location = useLocation();
  const [message, setMessage] = useState<string | null>(null);
  const [active, setActive] = useState(Boolean(orderNo));
  const [status, setStatus] = useState<string | null>(null);
  const last = useRef<string | null>(null);
  // the page stays mounted when the order is created (same route, new query): start polling then
  useEffect(() => {
    setActive(Boolean(orderNo));
    setMessage(null);
    setStatus(null);
    last.current = null;
  }, [orderNo]);

  useEffect(() => {
    if (!orderNo || !active) return;
    const timer = setInterval(() => {
      if (!loading.current) load(`/settle/pay-status/${orderNo}`);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [orderNo, active, load]);

  useEffect(() => {
    if (!answer || !orderNo) return;
    if (!answer.ok) {
      setActive(false);
      if (answer.errorCode === 401) {
        setMessage("登录过期，请重新登录");
        // the modal over home, back to this very page (its order_no kept), as the page's own guard sends it
        const timer = setTimeout(() => navigate(loginHref("/", { redirectTo: location.pathname + location.search })), LOGIN_DELAY_MS);
        return () => clearTimeout(timer);
      }
      setMessage(`${answer.errorMsg || "支付异常"}，请前往我的订单处查询`);
      return;
    }
    if (answer.orderStatus !== last.current && PAY_WAIT_STATUSES.includes(answer.orderStatus)) {
      setActive(false);
      navigate(`/settle/pay-wait/${orderNo}`);
    }
    last.current = answer.orderStatus;
    setStatus(answer.orderStatus);
  }, [answer, orderNo, navigate, location]);

  const restart = () => {
    setMessage(null);
    last.current = null;
    setActive(Boolean(orderNo));
  };
  return { active, message, status, restart };
}
