// Decides, per request, which popup advert the home page shows, and records it in the
// DIALOG_DATE_KEY / DIALOG_USER_ID_KEY cookies (spec/01 §4 popup periods, spec/03 §8).
import type { AppLoadContext } from "@remix-run/node";
import type { TradeApi } from "~/api/client.server";
import { popupAdverts, type PopupAdvert } from "~/api/dialog.server";
import { optional } from "./http.server";
import { shopDay } from "../../shared/shop-time";
import { parseRecords, pickAdvert, recordShown, serializeRecords } from "~/lib/popup-advert";

export async function decidePopupAdvert(
  context: AppLoadContext,
  api: TradeApi,
  { memberId, now }: { memberId: number | null; now: number },
): Promise<PopupAdvert | null> {
  // an advert never breaks the page: a failure reads as none
  const list = ((await optional(api.log, "popup adverts", popupAdverts(api, "HOME")))?.list ?? []).filter((a) => a.image_urls.length > 0);
  if (list.length === 0) return null;
  const records = parseRecords(context.session.get("dialogDates") ?? undefined, context.session.get("dialogUsers") ?? undefined);
  const viewer = { today: shopDay(now), memberId, records };
  const advert = pickAdvert(list, viewer);
  if (!advert) return null;
  const { dates, users } = serializeRecords(recordShown(viewer.records, advert.id, viewer));
  context.session.set("dialogDates", dates);
  if (memberId !== null) context.session.set("dialogUsers", users);
  return advert;
}
