// TRUST_PROXY: the proxies whose X-Forwarded-For, -Proto and -Host count, in the forms Express's
// `trust proxy` takes: a hop count ("1": the nearest peer is the load balancer), or a
// comma-separated list of addresses, CIDR subnets and the names loopback, linklocal, uniquelocal.
// Loopback is always part of a list: the storefront's own calls to /api come from it and carry
// the shopper's address in X-Forwarded-For (app/api/client.server.ts).
import { isIP } from "node:net";
import { z } from "zod";

const NAMES = ["loopback", "linklocal", "uniquelocal"];

export const trustProxy = z
  .string()
  .trim()
  .transform((text, ctx): number | string => {
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops >= 1 && hops <= 10) return hops;
    } else {
      const entries = text.split(",").map((entry) => entry.trim());
      if (entries.every(validEntry)) return [...new Set(["loopback", ...entries])].join(", ");
    }
    ctx.addIssue({ code: "custom", message: "应为 1–10 的跳数，或以逗号分隔的地址、CIDR 网段、loopback、linklocal、uniquelocal" });
    return z.NEVER;
  });

function validEntry(entry: string): boolean {
  if (NAMES.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}
