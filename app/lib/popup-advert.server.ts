// Decides, per request, which popup advert the home page shows, and records it in the
// DIALOG_DATE_KEY / DIALOG_USER_ID_KEY cookies (spec/01 §4 popup periods, spec/03 §8).
import type { AppLoadContext } from "@remix-run/node";
import { parse, serialize } from "cookie";
import type { TradeApi } from "~/api/client.server";
import { popupAdverts, type PopupAdvert } from "~/api/dialog.server";
import { secureCookies } from "./cookies.server";
import { shopDay } from "./dates";
import { DIALOG_DATE_KEY, DIALOG_USER_ID_KEY, parseRecords, pickAdvert, recordShown, serializeRecords } from "./popup-advert";

const DAY = 60 * 60 * 24;

export async function decidePopupAdvert(
  request: Request,
  context: AppLoadContext,
  api: TradeApi,
  { memberId, now }: { memberId: number | null; now: number },
): Promise<PopupAdvert | null> {
  const list = await popupAdverts(api, "HOME");
  if (list.length === 0) return null;
  const cookies = parse(request.headers.get("cookie") ?? "");
  const viewer = { today: shopDay(now), memberId, records: parseRecords(cookies[DIALOG_DATE_KEY], cookies[DIALOG_USER_ID_KEY]) };
  const advert = pickAdvert(list, viewer);
  if (!advert) return null;
  const { dates, users } = serializeRecords(recordShown(viewer.records, advert.id, viewer));
  const options = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: secureCookies(request) };
  context.appendSetCookie(serialize(DIALOG_DATE_KEY, dates, { ...options, maxAge: 2 * DAY }));
  if (memberId !== null) context.appendSetCookie(serialize(DIALOG_USER_ID_KEY, users, { ...options, maxAge: 365 * DAY }));
  return advert;
}
