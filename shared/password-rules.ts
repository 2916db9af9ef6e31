// The password rules of the shop (issue 25, decision 028), one rule for the 设置密码 form and the
// member service: 8 to 32 characters, not blank, and not the member's own phone number.

export const PASSWORD_LENGTH = { min: 8, max: 32 } as const;

export const PASSWORD_MESSAGES = {
  REQUIRED: "请输入新密码",
  LENGTH: `密码长度须为${PASSWORD_LENGTH.min}-${PASSWORD_LENGTH.max}位`,
  IS_MOBILE: "密码不能是手机号",
} as const;

/**
 * What is wrong with a new password for the number `mobile` ("+86-13800138000" or the bare
 * phone), or null when it may be set. Length counts characters, not UTF-16 units.
 */
export function newPasswordError(password: string, mobile: string): string | null {
  if (!password.trim()) return PASSWORD_MESSAGES.REQUIRED;
  const length = [...password].length;
  if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) return PASSWORD_MESSAGES.LENGTH;
  // the number itself, with or without its region code, spaces or hyphens
  const [region, phone] = mobile.includes("-") ? mobile.replace("+", "").split("-") : ["", mobile];
  const digits = password.replace(/[\s+-]/g, "");
  if (/^\d+$/.test(digits) && (digits === phone || digits === region + phone)) return PASSWORD_MESSAGES.IS_MOBILE;
  return null;
}
