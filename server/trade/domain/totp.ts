// Time-based one-time codes (RFC 6238) for operator logins, through otplib: 6 digits, 30 s steps,
// SHA-1 (what every authenticator app reads from an otpauth:// URI). A code is good in its own
// step and the one before (a phone's clock a little behind), and only once: the step of the last
// accepted code is kept, and a code of that step or an earlier one is refused.
import { generateSecret, generateSync, generateURI, verifySync } from "otplib";

export const TOTP_ISSUER = "TTS游戏商城后台";
const PERIOD_S = 30;

export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URI an authenticator app scans (or takes typed in). */
export const totpUri = (name: string, secret: string): string => generateURI({ issuer: TOTP_ISSUER, label: name, secret });

/** The code of `secret` at `now` (tests and the first-run check). */
export const totpCode = (secret: string, now: number): string => generateSync({ secret, epoch: Math.floor(now / 1000) });

/** The time step a 6-digit `code` belongs to, or null when it is not `secret`'s code now nor one step ago, or is a replay. */
export function acceptedTotpStep(secret: string, code: string, now: number, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(now / 1000),
    epochTolerance: [PERIOD_S, 0],
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid ? Math.floor(now / 1000 / PERIOD_S) + result.delta : null;
}
