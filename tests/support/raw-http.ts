// A request with what fetch() will not send as given (a Host header, a method such as TRACE, a path with `..` or
// `%2f` kept as typed): node:http (node:https for an https base, trusting `ca`), the body read whole.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

export interface RawAnswer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

export function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  { ca, body }: { ca?: string; body?: string } = {},
): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = url.protocol === "https:" ? httpsRequest : httpRequest;
    const req = request({ host: url.hostname, port: url.port, path, method, headers, ca }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

export const rawGet = (base: string, path: string, headers: Record<string, string>, options: { ca?: string } = {}) =>
  rawRequest(base, "GET", path, headers, options);
