// The home popup advert's frequency rules (spec/01 §4) and their records. The specs' localStorage
// keys DIALOG_DATE_KEY and DIALOG_USER_ID_KEY are cookies here (spec/03 §8) so the server can
// decide without JavaScript. Each record is a list, so showing one advert never erases another's.

export type PopPeriod = "EVERY_TIMES" | "EVERY_DAY" | "EVERY_USER";
export const DIALOG_DATE_KEY = "DIALOG_DATE_KEY";
export const DIALOG_USER_ID_KEY = "DIALOG_USER_ID_KEY";
const USER_RECORDS_KEPT = 50;

/** The advert the home page shows: its image, link and how often it may show. */
export interface PopupAdvertView {
  id: number;
  period: string;
  image: string;
  href: string | null;
}

export interface PopupRecords {
  /** "YYYY-MM-DD:advertId": adverts shown on that shop day. */
  dates: string[];
  /** "memberId:advertId": adverts a member has seen. */
  users: string[];
}

export interface Viewer {
  /** The shop's calendar day, YYYY-MM-DD (Asia/Shanghai). */
  today: string;
  memberId: number | null;
  records: PopupRecords;
}

/** Whether an advert may show to this viewer now. */
export function isDue(advert: { id: number; pop_period: string }, { today, memberId, records }: Viewer): boolean {
  switch (advert.pop_period) {
    case "EVERY_TIMES":
      return true;
    case "EVERY_DAY":
      return !records.dates.includes(`${today}:${advert.id}`);
    case "EVERY_USER":
      // never for a visitor
      return memberId !== null && !records.users.includes(`${memberId}:${advert.id}`);
    default:
      return false;
  }
}

/**
 * The advert to show: the first entry of the list (spec/01 §7), when its period allows it; no other
 * advert takes its place. Which advert comes first is the services' (the seed's) choice.
 */
export function pickAdvert<A extends { id: number; pop_period: string }>(list: A[], viewer: Viewer): A | null {
  const first = list[0];
  return first && isDue(first, viewer) ? first : null;
}

/** The records after an advert was shown: today's date with its id, and the member's id with it. */
export function recordShown(records: PopupRecords, advertId: number, { today, memberId }: Omit<Viewer, "records">): PopupRecords {
  const dateKey = `${today}:${advertId}`;
  // only today's entries can still matter
  const dates = [...records.dates.filter((d) => d.startsWith(`${today}:`) && d !== dateKey), dateKey];
  const users =
    memberId === null
      ? records.users
      : [`${memberId}:${advertId}`, ...records.users.filter((u) => u !== `${memberId}:${advertId}`)].slice(0, USER_RECORDS_KEPT);
  return { dates, users };
}

const DATE_ENTRY = /^\d{4}-\d{2}-\d{2}:\d{1,10}$/;
const USER_ENTRY = /^\d{1,12}:\d{1,10}$/;

/** Reads the two cookie values (comma-separated entries); malformed entries are dropped. */
export function parseRecords(dateValue: string | undefined, userValue: string | undefined): PopupRecords {
  const list = (value: string | undefined, pattern: RegExp) => (value ?? "").split(",").filter((entry) => pattern.test(entry));
  return { dates: list(dateValue, DATE_ENTRY), users: list(userValue, USER_ENTRY) };
}

export function serializeRecords(records: PopupRecords): { dates: string; users: string } {
  return { dates: records.dates.join(","), users: records.users.join(",") };
}
