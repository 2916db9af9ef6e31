// on-headers ships no types (express-session and compression use it the same way; serve.ts and http/private-answers.ts import it)
declare module "on-headers" {
  import type { ServerResponse } from "node:http";
  /** Runs `listener` once, just before `res` writes its status line and headers. */
  export default function onHeaders(res: ServerResponse, listener: (this: ServerResponse) => void): void;
}
