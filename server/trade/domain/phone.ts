// Phone numbers as the member API carries them (spec/01 §5, §9): region code, hyphen, phone —
// "+86-13800138000": a "+" and 1–4 digits, then 7–11 digits.

export const MOBILE_PATTERN = /^\+(\d{1,4})-(\d{7,11})$/;
/** The longest well-formed number: "+" 4 digits, "-", 11 digits. */
export const MOBILE_MAX_LENGTH = 17;

export interface Mobile {
  /** "+86" */
  regionCode: string;
  /** "13800138000" */
  phone: string;
  /** "+86-13800138000", the form stored in members.mobile */
  full: string;
}

export function parseMobile(value: string): Mobile | null {
  const match = MOBILE_PATTERN.exec(value.trim());
  if (!match) return null;
  return { regionCode: `+${match[1]}`, phone: match[2], full: `+${match[1]}-${match[2]}` };
}

/** The name an automatically created account starts with: 玩家 and the last 4 digits. */
export function defaultMemberName(mobile: string): string {
  const digits = mobile.replace(/\D/g, "");
  return `玩家${digits.slice(-4)}`;
}

/** "+86-138****8000", for logs and messages that must not show the whole number. */
export function maskMobile(mobile: string): string {
  const parsed = parseMobile(mobile);
  if (!parsed) return "***";
  const { regionCode, phone } = parsed;
  const keep = phone.length >= 11 ? 3 : 2;
  return `${regionCode}-${phone.slice(0, keep)}${"*".repeat(phone.length - keep - 4)}${phone.slice(-4)}`;
}
