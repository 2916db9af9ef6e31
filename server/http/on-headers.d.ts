// on-headers 1.1 ships no types (compression depends on it; server/http/private-answers.ts uses it)
declare module "on-headers" {
  import type { ServerResponse } from "node:http";
  export default function onHeaders(res: ServerResponse, listener: (this: ServerResponse) => void): void;
}
