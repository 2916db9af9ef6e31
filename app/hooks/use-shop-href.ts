// A shop path as the address of its domain group (spec/01 §1: goods and payment pages on the hk
// host, everything else on the cn host; CN_BASE_URL / HK_BASE_URL). With neither set both groups
// are this origin and the path stays relative.
import { useRouteLoaderData } from "@remix-run/react";
import { withDomain, type DomainGroups } from "~/lib/links";

const SAME_ORIGIN: DomainGroups = { cn: "", hk: "" };

export function useShopHref(): (path: string) => string {
  const domains = useRouteLoaderData<{ shop?: { domains: DomainGroups } }>("root")?.shop?.domains ?? SAME_ORIGIN;
  return (path) => withDomain(path, domains);
}
