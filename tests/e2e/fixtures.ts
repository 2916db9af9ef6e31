// Shared Playwright fixtures: an unexpected console error or failed page script fails the test,
// and every test that needs a shopper of its own gets one (`shopper`): a mainland number and a
// client address no other test of the run uses, so per-number and per-address limits never meet.
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { couponPopupDone, goodsNamed, placeOrderFor, smsLogin, smsLoginMember, type CatalogueGoods } from "./shop-api";

export interface Shopper {
  /** A mainland number nobody has used in this run: 16{worker:2}{sequence:4}{run:3}. */
  mobile: string;
  /** A documentation-range address of this test's own (the server trusts X-Forwarded-For from loopback). */
  address: string;
  /** Makes the page speak from the shopper's address; answers it. */
  useOwnAddress(page: Page): Promise<string>;
  /**
   * Registers the number by SMS code through the API and puts its login cookie into the browser,
   * with this browser session's layout mount done (no coupon pop-up on the first page; decision 017).
   */
  signUp(context: BrowserContext, baseURL: string): Promise<{ mobile: string; credential: string }>;
}

/** A member of this test's own, logged in in the test's browser (the shopper's number and address). */
export interface Member {
  mobile: string;
  address: string;
  credential: string;
  memberId: number;
}

/** Goods of the catalogue looked up by name, so tests name what a shopper sees instead of seed ids. */
export interface Catalogue {
  goods(name: string): Promise<CatalogueGoods>;
  /** The SKU of a goods whose name (its specs joined by " / ") is `skuName`. */
  sku(goodsName: string, skuName: string): Promise<{ goodsNo: string; skuNo: string }>;
}

const run = String(Date.now()).slice(-3);
let issued = 0;
const catalogueCache = new Map<string, Promise<CatalogueGoods>>();

/** A number and an address nobody has used in this run. */
function newIdentity(worker: number) {
  const sequence = ++issued;
  const mobile = `16${String(worker % 100).padStart(2, "0")}${String(sequence % 10_000).padStart(4, "0")}${run}`;
  const address = `198.${18 + ((sequence >> 8) & 1)}.${worker % 256}.${sequence % 256}`;
  return { mobile, address };
}

/** Registers a new number by SMS code through the API; the browser is not touched. */
async function newMember(baseURL: string, worker: number): Promise<Member> {
  const { mobile, address } = newIdentity(worker);
  return { mobile, address, ...(await smsLoginMember(baseURL, mobile, address)) };
}

export const test = base.extend<{
  consoleErrors: string[];
  shopper: Shopper;
  member: Member;
  otherMember: Member;
  unpaidOrder: string;
  catalogue: Catalogue;
}>({
  shopper: async ({}, use, testInfo) => {
    const { mobile, address } = newIdentity(testInfo.workerIndex);
    await use({
      mobile,
      address,
      async useOwnAddress(page) {
        await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
        return address;
      },
      async signUp(context, baseURL) {
        const credential = await smsLogin(baseURL, mobile, address);
        await context.addCookies([{ name: "login_credential", value: credential, url: baseURL, httpOnly: true, sameSite: "Lax" }, couponPopupDone(baseURL)]);
        return { mobile, credential };
      },
    });
  },
  member: async ({ shopper, context, baseURL }, use) => {
    const { credential, memberId } = await smsLoginMember(baseURL!, shopper.mobile, shopper.address);
    await context.addCookies([{ name: "login_credential", value: credential, url: baseURL!, httpOnly: true, sameSite: "Lax" }, couponPopupDone(baseURL!)]);
    await use({ mobile: shopper.mobile, address: shopper.address, credential, memberId });
  },
  // a second member of the test's own, not logged in in the browser (someone else's orders, a switch of account)
  otherMember: async ({ baseURL }, use, testInfo) => {
    await use(await newMember(baseURL!, testInfo.workerIndex));
  },
  // one unit of 黑神话：悟空 (国区 / 数字标准版 / 本体), placed by the member and not paid
  unpaidOrder: async ({ member, catalogue, baseURL }, use) => {
    const { goodsNo, skuNo } = await catalogue.sku("黑神话：悟空", "国区 / 数字标准版 / 本体");
    await use(await placeOrderFor(baseURL!, member, goodsNo, skuNo));
  },
  catalogue: async ({ baseURL }, use) => {
    const goods = (name: string) => {
      if (!catalogueCache.has(name)) catalogueCache.set(name, goodsNamed(baseURL!, name));
      return catalogueCache.get(name)!;
    };
    await use({
      goods,
      async sku(goodsName, skuName) {
        const found = await goods(goodsName);
        const sku = found.skus.find((s) => s.name === skuName);
        if (!sku) throw new Error(`${goodsName} has no SKU ${skuName}`);
        return { goodsNo: found.goodsNo, skuNo: sku.skuNo };
      },
    });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // a page that answers 404 on purpose logs its own status; that is not an error of ours
        const ownStatus = message.text().startsWith("Failed to load resource") && message.location().url === page.url();
        if (!ownStatus) errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const jsEnabled = (projectName: string) => projectName !== "js-off";

/**
 * Holds the page's scripts (the built `/assets/*.js`) until the returned `release` is called: what a
 * shopper on a slow phone can do with the server's page before React takes over.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  return release;
}
