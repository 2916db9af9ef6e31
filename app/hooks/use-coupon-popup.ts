// Whether the layout's coupon pop-up is open, shared by the pop-up and the overlays that wait for it
// (one overlay at a time: the home page's advert comes after it). The pop-up's data is the root
// loader's; which showing this tab closed is kept here, once for the whole page.
import { useRouteLoaderData } from "@remix-run/react";
import { useSyncExternalStore } from "react";
import type { loader as rootLoader } from "~/root";

let closedId: string | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getClosedId = () => closedId;
const getServerClosedId = () => null;

export function useCouponPopup() {
  const popup = useRouteLoaderData<typeof rootLoader>("root")?.couponPopup ?? null;
  const closed = useSyncExternalStore(subscribe, getClosedId, getServerClosedId);
  const open = popup !== null && popup.coupons.length > 0 && closed !== popup.id;
  const close = () => {
    closedId = popup?.id ?? null;
    listeners.forEach((listener) => listener());
  };
  return { popup: open ? popup : null, close };
}
