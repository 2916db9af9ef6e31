// The soak: a few minutes of mixed load (visitors browsing, searching, members logging in through
// the captcha and password, buying: create + pay notification + wait for delivery, sometimes with a
// coupon, sometimes closing the order), then invariants read from the database, the 5xx count and
// the server's resident memory over time with its linear-regression slope.
import Database from "better-sqlite3";
import { solve, type Arithmetic } from "../../server/trade/domain/captcha";
import { signNotification } from "../../server/trade/providers/pay-sandbox";
import { PAY_NOTIFY_SECRET, type BenchServer } from "./server";

export interface SoakOptions {
  minutes: number;
  dbFile: string;
  members: { memberId: number; mobile: string; password: string }[];
  goodsNos: string[];
  keywords: string[];
}

export interface SoakReport {
  seconds: number;
  requests: Record<string, number>;
  /** 4xx answers by kind of work and status (expected: coupons that do not apply, a held coupon). */
  clientErrors: Record<string, number>;
  byKind: Record<string, number>;
  status5xx: number;
  networkErrors: number;
  ordersAnswered: number;
  ordersPaid: number;
  ordersDelivered: number;
  ordersClosed: number;
  couponConflicts: number;
  logins: number;
  invariants: { name: string; violations: number; ok: boolean }[];
  rss: { t: number; kb: number }[];
  rssSlopeKbPerMin: number;
  rssStartKb: number;
  rssEndKb: number;
  rssMaxKb: number;
  /** The server's CPU time (from /proc) per request answered during the soak. */
  cpuMsPerRequest: number;
}

const API = "/api/trade_bff/v1";
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function soak(server: BenchServer, options: SoakOptions): Promise<SoakReport> {
  const db = new Database(options.dbFile, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  const started = Date.now();
  const deadline = started + options.minutes * 60_000;
  const report: SoakReport = {
    seconds: 0,
    requests: {},
    clientErrors: {},
    byKind: {},
    status5xx: 0,
    networkErrors: 0,
    ordersAnswered: 0,
    ordersPaid: 0,
    ordersDelivered: 0,
    ordersClosed: 0,
    couponConflicts: 0,
    logins: 0,
    invariants: [],
    rss: [],
    rssSlopeKbPerMin: 0,
    rssStartKb: 0,
    rssEndKb: 0,
    rssMaxKb: 0,
    cpuMsPerRequest: 0,
  };
  const answeredOrders = new Set<string>();
  let addressCounter = 0;
  const freshAddress = () => {
    addressCounter += 1;
    return `203.0.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
  };

  async function call(kind: string, path: string, init: { method?: string; headers?: Record<string, string>; json?: unknown } = {}) {
    report.byKind[kind] = (report.byKind[kind] ?? 0) + 1;
    try {
      const response = await fetch(server.url + path, {
        method: init.method ?? "GET",
        headers: { ...(init.json === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        redirect: "manual",
      });
      const text = await response.text();
      const klass = response.status < 300 ? "2xx" : String(response.status);
      report.requests[klass] = (report.requests[klass] ?? 0) + 1;
      if (response.status >= 400 && response.status < 500) {
        const key = `${kind} ${response.status}`;
        report.clientErrors[key] = (report.clientErrors[key] ?? 0) + 1;
      }
      if (response.status >= 500) report.status5xx += 1;
      let body: any = null;
      try {
        body = JSON.parse(text);
      } catch {
        // a page
      }
      return { status: response.status, body };
    } catch {
      report.networkErrors += 1;
      return { status: 0, body: null };
    }
  }

  // credentials come from real logins during the soak (captcha answered from the database's lot)
  const credentials = new Map<number, string>();
  async function login(member: SoakOptions["members"][number]) {
    const address = freshAddress();
    const from = { "X-Forwarded-For": address };
    const load = await call("login", "/api/common_bll/v1/geetest4/load?type=text", { headers: from });
    const lot: string | undefined = load.body?.result?.lot_number;
    if (!lot) return;
    // the text captcha keeps its arithmetic question; a person reads it off the picture
    const stored = db.prepare("SELECT answer FROM captcha_lots WHERE lot_number = ?").pluck().get(lot) as string | undefined;
    if (!stored) return;
    const answer = String(solve(JSON.parse(stored) as Arithmetic));
    await call("login", "/api/common_bll/v1/geetest4/action/valid", {
      method: "POST",
      headers: from,
      json: { lot_number: lot, captcha_output: answer, pass_token: "", gen_time: String(Math.floor(Date.now() / 1000)) },
    });
    const result = await call("login", "/api/common_bll/v1/member/action/pwd_login", {
      method: "POST",
      headers: from,
      json: { username: member.mobile, password: member.password, csrf: "bench-csrf-string", lot_number: lot },
    });
    const credential: string | undefined = result.body?.result?.login_credential;
    if (credential) {
      credentials.set(member.memberId, credential);
      report.logins += 1;
    }
  }

  const skuOf = new Map(
    options.goodsNos.map((goodsNo) => [
      goodsNo,
      db.prepare("SELECT sku_no FROM skus WHERE goods_no = ? AND disabled = 0 ORDER BY price_turn_cny LIMIT 1").pluck().get(goodsNo) as string,
    ]),
  );

  async function buy(member: SoakOptions["members"][number]) {
    const credential = credentials.get(member.memberId);
    if (!credential) {
      await sleep(200);
      return;
    }
    const headers = { "Login-Credential": credential };
    const goodsNo = pick(options.goodsNos);
    let coupon = "";
    if (Math.random() < 0.3) {
      const unused = db
        .prepare("SELECT coupon_no FROM coupons WHERE member_id = ? AND status = 'UNUSED' AND use_time_end > ?")
        .pluck()
        .all(member.memberId, Date.now()) as string[];
      if (unused.length) coupon = pick(unused);
    }
    const created = await call("buy", `${API}/order`, {
      method: "POST",
      headers,
      json: {
        customer: { user_id: String(member.memberId), user_phone: "", user_email: "" },
        units: [{ goods_no: goodsNo, sku_no: skuOf.get(goodsNo), sku_num: 1 }],
        pay_way: "WX",
        coupons: coupon ? [coupon] : [],
      },
    });
    if (created.status === 409) report.couponConflicts += 1;
    const orderNo: string | undefined = created.body?.result?.order_no;
    if (!orderNo) return;
    answeredOrders.add(orderNo);
    report.ordersAnswered += 1;
    if (Math.random() < 0.15) {
      // the shopper changes their mind: the coupon goes back
      const closed = await call("buy", `${API}/order/close/${orderNo}`, { method: "POST", headers, json: {} });
      if (closed.status === 200) report.ordersClosed += 1;
      return;
    }
    if (Math.random() < 0.1) return; // left unpaid
    const payPrice = db.prepare("SELECT pay_price FROM orders WHERE order_no = ?").pluck().get(orderNo) as number;
    const notification = { notify_id: `soak-${orderNo}`, order_no: orderNo, trade_status: "SUCCESS" as const, amount: payPrice, pay_way: "WX" };
    const paid = await call("buy", "/api/pay_gateway/notify", {
      method: "POST",
      json: { ...notification, sign: signNotification(PAY_NOTIFY_SECRET, notification) },
    });
    if (paid.body?.result?.outcome !== "APPLIED") return;
    report.ordersPaid += 1;
    for (let i = 0; i < 100; i += 1) {
      await sleep(100);
      const status = await call("buy", `${API}/order/status/${orderNo}`, { headers });
      if (status.body?.result?.order_status === "SEND_SUCCESS") {
        report.ordersDelivered += 1;
        break;
      }
    }
  }

  const pages = () => {
    const roll = Math.random();
    if (roll < 0.4) return "/";
    if (roll < 0.75) return `/topic/${pick(options.goodsNos)}`;
    return `/search-result/${encodeURIComponent(pick(options.keywords))}`;
  };

  const loops: Promise<void>[] = [];
  const loop = (body: () => Promise<void>) =>
    loops.push(
      (async () => {
        while (Date.now() < deadline) {
          await body();
          await new Promise((r) => setImmediate(r)); // a loop with nothing to wait for must not starve the others
        }
      })(),
    );

  // browsing visitors, and members browsing with their cookie
  for (let i = 0; i < 3; i += 1) loop(async () => void (await call("browse", pages())));
  loop(async () => {
    const member = pick(options.members);
    const credential = credentials.get(member.memberId);
    await call("browse", pages(), credential ? { headers: { cookie: `login_credential=${credential}` } } : {});
  });
  // searches through the API
  loop(async () => void (await call("search", `${API}/goods/search?keyword=${encodeURIComponent(pick(options.keywords))}`)));
  // logins: one every couple of seconds
  loop(async () => {
    await login(pick(options.members));
    await sleep(2000);
  });
  // buyers: two per member, so they race for the same coupons
  for (const member of options.members) for (let i = 0; i < 2; i += 1) loop(() => buy(member));
  const cpuBefore = server.cpuMs();
  for (const member of options.members) await login(member);

  const sampler = setInterval(() => {
    try {
      report.rss.push({ t: (Date.now() - started) / 1000, kb: server.rssKb() });
    } catch {
      // the server is gone: the invariants will say so
    }
  }, 1000);
  await Promise.all(loops);
  clearInterval(sampler);
  const answered = Object.values(report.requests).reduce((a, b) => a + b, 0);
  report.cpuMsPerRequest = answered ? (server.cpuMs() - cpuBefore) / answered : 0;
  report.seconds = (Date.now() - started) / 1000;
  await sleep(3000); // deliveries due after the last payments

  const count = (sql: string, ...params: unknown[]) =>
    Number(
      db
        .prepare(sql)
        .pluck()
        .get(...params) ?? 0,
    );
  const missing = [...answeredOrders].filter((no) => !count("SELECT count(*) FROM orders WHERE order_no = ?", no)).length;
  report.invariants = [
    { name: "every order answered during the soak exists", violations: missing },
    {
      name: "no code delivered twice (a code in two deliveries)",
      violations: count("SELECT count(*) FROM (SELECT cdkey_id FROM order_performances WHERE cdkey_id IS NOT NULL GROUP BY cdkey_id HAVING count(*) > 1)"),
    },
    {
      name: "every delivered code belongs to the order that shows it (cdkeys vs order_performances)",
      violations: count(
        `SELECT count(*) FROM cdkeys c WHERE c.status = 'DELIVERED' AND
           (SELECT count(*) FROM order_performances p WHERE p.cdkey_id = c.id AND p.order_no = c.order_no) != 1`,
      ),
    },
    {
      name: "no unit delivered twice",
      violations: count("SELECT count(*) FROM (SELECT unit_id FROM order_performances GROUP BY unit_id HAVING count(*) > 1)"),
    },
    {
      name: "no coupon in two open orders",
      violations: count(
        `SELECT count(*) FROM (SELECT oc.coupon_no FROM order_coupons oc JOIN orders o ON o.order_no = oc.order_no
           WHERE o.status IN ('INIT', 'WAIT_PAY', 'PAY_FAIL') GROUP BY oc.coupon_no HAVING count(*) > 1)`,
      ),
    },
    {
      name: "no coupon consumed by two paid orders",
      violations: count(
        `SELECT count(*) FROM (SELECT oc.coupon_no FROM order_coupons oc JOIN orders o ON o.order_no = oc.order_no
           WHERE o.status NOT IN ('INIT', 'WAIT_PAY', 'PAY_FAIL', 'CLOSE') GROUP BY oc.coupon_no HAVING count(*) > 1)`,
      ),
    },
  ].map((i) => ({ ...i, ok: i.violations === 0 }));
  db.close();

  // the first half is warm-up: V8 grows its heap to the working size (slower on a busy machine)
  const steady = report.rss.filter((s) => s.t >= report.seconds * 0.5);
  report.rssSlopeKbPerMin = slope(steady.map((s) => [s.t / 60, s.kb]));
  report.rssStartKb = report.rss[0]?.kb ?? 0;
  report.rssEndKb = report.rss.at(-1)?.kb ?? 0;
  report.rssMaxKb = Math.max(0, ...report.rss.map((s) => s.kb));
  return report;
}

/** Least-squares slope of y over x. */
export function slope(points: number[][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x!, 0) / n;
  const my = points.reduce((s, [, y]) => s + y!, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x! - mx) * (y! - my);
    den += (x! - mx) ** 2;
  }
  return den ? num / den : 0;
}
