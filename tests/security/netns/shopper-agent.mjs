// Runs inside the shoppers' network namespace (tests/security/split-roles-netns.test.ts): reads one
// request per line on stdin as JSON { id, from, url, method, headers, body } and answers each on
// stdout as { id, status, headers, body } or { id, error }, sending it from the local address
// `from`, so each shopper reaches nginx, a storefront or the trade tier from an address of its own.
// https (nginx's TLS server) trusts the test's certificate through NODE_EXTRA_CA_CERTS.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { createInterface } from "node:readline";

function send({ from, url, method = "GET", headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const request = url.startsWith("https:") ? httpsRequest : httpRequest;
    const req = request(url, { method, headers, localAddress: from, agent: false }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.setTimeout(20_000, () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(body);
  });
}

for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line);
  send(message).then(
    (answer) => process.stdout.write(`${JSON.stringify({ id: message.id, ...answer })}\n`),
    (error) => process.stdout.write(`${JSON.stringify({ id: message.id, error: String(error.message ?? error) })}\n`),
  );
}
