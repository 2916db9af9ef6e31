// The ceiling: a raw node:http server answering each bench target with the bytes the real server
// answered it (same status, type, encoding), in its own process. Routes come as a JSON file:
// [{ method, prefix, status, headers, file }]; the first route whose prefix starts the URL wins.
import { createServer } from "node:http";
import { readFileSync } from "node:fs";

const routes = JSON.parse(readFileSync(process.argv[2], "utf8")).map((r) => ({ ...r, body: readFileSync(r.file) }));
const server = createServer((req, res) => {
  const route = routes.find((r) => r.method === req.method && req.url.startsWith(r.prefix));
  req.resume();
  req.on("end", () => {
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(route.status, { ...route.headers, "content-length": route.body.length });
    res.end(route.body);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
