// A stand-in for nginx in front of split roles (docs/deploy.md), small enough to read in a test:
// /api, /mock-pay, /dev and /media go to the trade process, every other request to the next
// storefront in turn. It remembers which storefront answered what.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const TRADE_PATHS = /^\/(api|cashier|mock-pay|dev|media)(\/|\?|$)/;

export interface Balancer {
  url: string;
  /** Per storefront, the paths it was sent, in order. */
  served: string[][];
  close(): Promise<void>;
}

export async function startBalancer(trade: string, storefronts: string[]): Promise<Balancer> {
  const served = storefronts.map(() => [] as string[]);
  let next = 0;
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    let target = trade;
    if (!TRADE_PATHS.test(path)) {
      const i = next++ % storefronts.length;
      served[i]!.push(`${req.method} ${path}`);
      target = storefronts[i]!;
    }
    const upstream = request(target + path, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
