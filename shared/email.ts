// The delivery e-mail of pay-confirm (spec/02 §5), one rule for the page (typed input filtered,
// checked before the order) and the order service: at most 50 characters, a local part, @, a
// domain, a dot and a top-level domain of at least 2 letters.

export const EMAIL_MAX_LENGTH = 50;
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** Typed input filtered to letters, digits and @ . - _. */
export function filterEmailInput(value: string): string {
  return value.replace(/[^A-Za-z0-9@._-]/g, "").slice(0, EMAIL_MAX_LENGTH);
}

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}
