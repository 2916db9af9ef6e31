// Local stand-ins for the message providers, speaking their real protocols: an SMTP server that
// keeps every mail (read back with mailparser), and HTTP servers that play Aliyun's SendSms
// (ACS3-HMAC-SHA256, as the SDK signs) and Tencent Cloud's SendSms (TC3-HMAC-SHA256; reached as the
// SDK's egress proxy, so the request names sms.tencentcloudapi.com) from their documentation.
// Each checks the request's signature with keys made by the test and answers as told.
import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

export async function smtpStandIn() {
  const mails: ParsedMail[] = [];
  const envelopes: { from: string; to: string[] }[] = [];
  let refuseWith: number | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (refuseWith) {
          const error = Object.assign(new Error("mailbox unavailable"), { responseCode: refuseWith });
          return done(error);
        }
        envelopes.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address) });
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          mails.push(mail);
          done();
        });
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    envelopes,
    refuse(code: number | null) {
      refuseWith = code;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type Behaviour = "ok" | "refuse" | "throttle" | "hang";

interface Received {
  body: Record<string, unknown>;
  signatureValid: boolean;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Idle keep-alive connections held as long as a provider's gateway holds them, not node's 5 s default: the SDKs reuse
 * a connection through node's global agent, and a request sent just as the server closed its idle connection ends in
 * "socket hang up" (seen with three busy loops: the login SMS, then the delivery SMS about 5 s later). The shop then
 * retries after its backoff (30 s, server/trade/services/message.service.ts), longer than a test waits.
 */
export const GATEWAY_KEEP_ALIVE_MS = 120_000;

function listen(server: Server) {
  server.keepAliveTimeout = GATEWAY_KEEP_ALIVE_MS;
  return new Promise<number>((r) => server.listen(0, "127.0.0.1", () => r((server.address() as AddressInfo).port)));
}

/** Aliyun's percent-encoding of the canonical query (RFC 3986). */
const aliEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Checks an ACS3-HMAC-SHA256 request as Aliyun's gateway does (help.aliyun.com, "V3 版本请求体&签名机制"). */
export function verifyAcs3(req: IncomingMessage, body: string, accessKeyId: string, secret: string): boolean {
  const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? "");
  if (!auth || auth[1] !== accessKeyId) return false;
  if (req.headers["x-acs-content-sha256"] !== sha256(body)) return false;
  const url = new URL(req.url!, "http://x");
  const query = [...url.searchParams.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${aliEncode(k)}=${aliEncode(v)}`)
    .join("&");
  const signed = auth[2]!.split(";");
  const headers = signed.map((h) => `${h}:${String(req.headers[h] ?? "").trim()}\n`).join("");
  const canonical = [req.method, url.pathname, query, headers, signed.join(";"), sha256(body)].join("\n");
  const expected = hmac(secret, `ACS3-HMAC-SHA256\n${sha256(canonical)}`).toString("hex");
  return expected === auth[3];
}

/** Aliyun SendSms (RPC style, action in x-acs-action, parameters in the query). */
export async function aliyunStandIn(keys: { accessKeyId: string; secret: string }) {
  const received: Received[] = [];
  let behaviour: Behaviour = "ok";
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const params = Object.fromEntries(new URL(req.url!, "http://x").searchParams);
    const signatureValid = verifyAcs3(req, body, keys.accessKeyId, keys.secret);
    received.push({ body: { ...params, action: req.headers["x-acs-action"] }, signatureValid });
    const json = (status: number, answer: object) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
    if (!signatureValid)
      return json(400, { Code: "SignatureDoesNotMatch", Message: "Specified signature is not matched with our calculation.", RequestId: "r-sig" });
    if (behaviour === "hang") return;
    if (behaviour === "throttle") return json(200, { Code: "Throttling.User", Message: "Request was denied due to user flow control.", RequestId: "r-thr" });
    if (behaviour === "refuse") return json(200, { Code: "isv.SMS_TEMPLATE_ILLEGAL", Message: "模版不合法", RequestId: "r-ref" });
    json(200, { Code: "OK", Message: "OK", BizId: `biz-${received.length}`, RequestId: `r-${received.length}` });
  });
  const port = await listen(server);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    received,
    behave(b: Behaviour) {
      behaviour = b;
    },
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

/** Checks a TC3-HMAC-SHA256 request as Tencent Cloud does (cloud.tencent.com/document/api/382/52071). */
export function verifyTc3(req: IncomingMessage, body: string, secretId: string, secretKey: string, service: string): boolean {
  const auth = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
    req.headers.authorization ?? "",
  );
  if (!auth || auth[1] !== secretId || auth[3] !== service) return false;
  const timestamp = String(req.headers["x-tc-timestamp"] ?? "");
  const date = new Date(Number(timestamp) * 1000).toISOString().slice(0, 10);
  if (date !== auth[2] || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const signed = auth[4]!.split(";");
  const headers = signed.map((h) => `${h}:${h === "host" ? String(req.headers.host).split(":")[0] : String(req.headers[h] ?? "").trim()}\n`).join("");
  const url = new URL(req.url!, "http://x");
  const canonical = [req.method, url.pathname, url.search.slice(1), headers, signed.join(";"), sha256(body)].join("\n");
  const scope = `${date}/${service}/tc3_request`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonical)}`;
  const kSigning = hmac(hmac(hmac(`TC3${secretKey}`, date), service), "tc3_request");
  return hmac(kSigning, toSign).toString("hex") === auth[5];
}

/** Tencent Cloud SendSms, reached through CONNECT as the SDK's proxy (TENCENT_SMS_PROXY). */
export async function tencentStandIn(keys: { secretId: string; secretKey: string }) {
  const received: Received[] = [];
  let behaviour: Behaviour = "ok";
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const signatureValid = verifyTc3(req, body, keys.secretId, keys.secretKey, "sms");
    const parsed = JSON.parse(body || "{}") as Record<string, unknown>;
    received.push({ body: { ...parsed, action: req.headers["x-tc-action"], host: req.headers.host }, signatureValid });
    const json = (answer: object) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ Response: answer }));
    if (!signatureValid)
      return json({ Error: { Code: "AuthFailure.SignatureFailure", Message: "The provided credentials could not be validated." }, RequestId: "r-sig" });
    if (behaviour === "hang") return;
    const status = (Code: string, Message: string) =>
      json({
        SendStatusSet: [
          { SerialNo: `serial-${received.length}`, PhoneNumber: (parsed.PhoneNumberSet as string[])[0], Code, Message, SessionContext: parsed.SessionContext },
        ],
        RequestId: `r-${received.length}`,
      });
    if (behaviour === "throttle") return status("LimitExceeded.PhoneNumberThirtySecondLimit", "30 秒内下发短信条数超过上限");
    if (behaviour === "refuse") return status("FailedOperation.TemplateIncorrectOrUnapproved", "模板未审批或内容不匹配");
    status("Ok", "send success");
  };
  const server = createServer((req, res) => void handle(req, res));
  // the SDK tunnels through its proxy with CONNECT: the tunnel ends here, at this same server
  server.on("connect", (_req, socket) => {
    socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    server.emit("connection", socket);
  });
  const port = await listen(server);
  return {
    proxy: `http://127.0.0.1:${port}`,
    received,
    behave(b: Behaviour) {
      behaviour = b;
    },
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
