// Boot: configuration, then either the one process that serves the shop (server/serve.ts) or,
// with WEB_CONCURRENCY > 1 in production, node:cluster's primary (server/cluster.ts) and its
// workers, each of which serves it. It lives outside server/ because it hands the server the
// seed (seed/), which fills a database just created: server/ never imports seed/.
import cluster from "node:cluster";
import { getHeapStatistics } from "node:v8";
import { generateImages } from "./seed/images";
import { seedDatabase } from "./seed/seed";
import { runPrimary, type WorkerMessage } from "./server/cluster";
import { ConfigError, loadConfig, startupWarnings, trustWarning } from "./server/config";
import { createLogger } from "./server/logger";
import { serve } from "./server/serve";
import { StoreError, type Seeder } from "./server/store";

const dev = process.argv.includes("--dev");
/** Past this, the process was started without the shipped heap flags (512 MB old generation plus the young one). */
const HEAP_LIMIT_WARNING_MB = 1024;

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// NODE_ENV unset means production (decision 011): Express's error pages, React and the
// storefront's environment (app/server-only/env.server.ts) read process.env.NODE_ENV themselves
process.env.NODE_ENV = config.nodeEnv;
// the storefront's environment: the key that signs its flash and settle cookies (decision 015)
process.env.COOKIE_SECRET = config.cookieSecret;
const logger = createLogger(config.logLevel);
const trust = trustWarning(config);
if (trust && cluster.isPrimary) logger.warn({ trustProxy: config.trustProxy }, trust);
if (cluster.isPrimary) for (const warning of startupWarnings(config)) logger.warn(warning);
if (cluster.isPrimary) logHeapLimit(config.production);

const seeder: Seeder = {
  seed: seedDatabase,
  images: generateImages,
};

try {
  // Vite's dev server keeps one module graph: development always runs one process
  if (cluster.isPrimary && config.webConcurrency > 1 && !dev) runPrimary(config, logger, seeder);
  else await serve(config, logger, { dev, seeder });
} catch (error) {
  // a database that cannot be opened: its path and the likely cause, not a stack (a cluster worker tells its primary)
  if (!(error instanceof StoreError)) throw error;
  logger.fatal(error.message);
  logger.flush();
  const exit = () => process.exit(1);
  if (cluster.isWorker && process.send) process.send({ shop: "cannot-start", cause: error.message } satisfies WorkerMessage, undefined, undefined, exit);
  else exit();
}

/**
 * The heap's ceiling as V8 took it from the flags the process was started with (SERVER_V8_FLAGS in
 * scripts/setup.mjs, decision 034; cluster workers inherit them). Without them V8 sizes the heap from the machine's
 * memory, up to several GB, and a production process grows far past the ~300 MiB the flags hold it to.
 */
function logHeapLimit(production: boolean) {
  const heapLimitMb = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
  logger.info({ node: process.version, heapLimitMb, v8Flags: process.execArgv.join(" ") }, "V8 heap limit");
  if (production && heapLimitMb > HEAP_LIMIT_WARNING_MB) {
    logger.warn(
      { heapLimitMb },
      `V8 堆上限 ${heapLimitMb} MB：未带 npm start 的参数启动（--max-semi-space-size=16 --max-old-space-size=512），进程内存可能涨到数 GB。请用 npm start 或 deploy/systemd/shop.service 的 ExecStart 启动 (docs/deploy.md)`,
    );
  }
}
