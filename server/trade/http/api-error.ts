// The one error type of the services: an expected failure with its HTTP status and the contract's
// error_code (spec/03 §2). The envelope (./envelope.ts) writes it.

export const ERROR = {
  BAD_INPUT: 400,
  NOT_LOGGED_IN: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorStatus = (typeof ERROR)[keyof typeof ERROR];

export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    /** Defaults to the HTTP status, as the contract's `error_code` 401 does. */
    readonly errorCode: number = status,
  ) {
    super(message);
  }
}
