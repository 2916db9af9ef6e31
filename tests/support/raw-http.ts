// A GET with headers fetch() will not send as given (Host): node:http (node:https for an https base,
// trusting `ca`), the body read whole.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

export function rawGet(
  base: string,
  path: string,
  headers: Record<string, string>,
  { ca }: { ca?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = url.protocol === "https:" ? httpsRequest : httpRequest;
    const req = request({ host: url.hostname, port: url.port, path, method: "GET", headers, ca }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
