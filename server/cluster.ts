// WEB_CONCURRENCY > 1: the primary process of node:cluster. It prepares the database (created and
// seeded when missing, migrated) before any worker opens it, runs the background jobs — once, in
// one process, whatever the number of workers — and forks the workers that serve requests, on
// one shared port. A worker that dies is replaced; SIGTERM drains every worker (each finishes its
// in-flight requests, server/serve.ts) before the jobs stop and the database closes. Metrics:
// the workers' request figures, aggregated by prom-client, and the database's from here.
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import { AggregatorRegistry } from "prom-client";
import type { Config } from "./config";
import { serveMetrics, storeMetrics } from "./metrics";
import { prepareStore, type Seeder } from "./store";
import { releaseAndExit, stopOnSignals } from "./stopping";
import { startJobs } from "./trade/jobs";

/** How long the primary waits for its workers to drain before it stops them. */
const DRAIN_MS = 15_000;
/** Workers in a row that die before they listen before the cluster gives up, and the first pause between them. */
const START_ATTEMPTS = 4;
const START_BACKOFF_MS = 500;

/** What a worker tells its primary (server/serve.ts): it listens, or why it cannot start. */
export type WorkerMessage = { shop: "listening" } | { shop: "cannot-start"; cause: string };

function isWorkerMessage(message: unknown): message is WorkerMessage {
  return typeof message === "object" && message !== null && "shop" in message;
}

export function runPrimary(config: Config, logger: Logger, seeder: Seeder) {
  const store = config.role === "storefront" ? null : prepareStore(config, logger, seeder);
  const jobs = store ? startJobs({ config, store, logger, now: Date.now }) : null;
  let stopping = false;

  // a worker that dies after it served is replaced at once; one that dies before it listened (a port taken, a
  // database it cannot open) is replaced after a growing pause, and after START_ATTEMPTS such deaths in a row the
  // cluster stops with the cause, so that systemd sees a failed service, not an active one that serves nothing
  const listening = new WeakSet<Worker>();
  let failedStarts = 0;
  let cause = "";
  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message: unknown) => {
      if (!isWorkerMessage(message)) return;
      if (message.shop === "listening") {
        listening.add(worker);
        failedStarts = 0;
      } else cause = message.cause;
    });
  };
  for (let i = 0; i < config.webConcurrency; i++) fork();
  cluster.on("exit", (worker: Worker, code, signal) => {
    if (stopping) return;
    if (listening.has(worker)) {
      logger.error({ worker: worker.process.pid, code, signal }, "worker died; starting another");
      return fork();
    }
    failedStarts += 1;
    if (failedStarts >= START_ATTEMPTS) {
      logger.fatal({ attempts: failedStarts, cause: cause || `exit code ${code ?? signal}` }, "workers cannot start: stopping the cluster");
      void shutdown("start failure", 1);
      return;
    }
    const delayMs = START_BACKOFF_MS * 2 ** (failedStarts - 1);
    logger.error({ worker: worker.process.pid, code, signal, cause: cause || undefined, retryInMs: delayMs }, "worker failed to start; trying again");
    setTimeout(() => stopping || fork(), delayMs).unref();
  });
  logger.info({ workers: config.webConcurrency, role: config.role, jobs: Boolean(jobs) }, "cluster primary started");

  let metricsServer: ReturnType<typeof serveMetrics> | null = null;
  if (config.metrics) {
    const workers = new AggregatorRegistry();
    const own = store ? storeMetrics(store) : null;
    metricsServer = serveMetrics(async () => [await workers.clusterMetrics(), (await own?.metrics()) ?? ""].join("\n"), workers.contentType, config.metrics);
  }

  async function shutdown(signal: string, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: draining the workers");
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w && !w.isDead()));
    await Promise.all(
      alive.map(
        (worker) =>
          new Promise<void>((done) => {
            const force = setTimeout(() => worker.kill("SIGKILL"), DRAIN_MS);
            worker.once("exit", () => {
              clearTimeout(force);
              done();
            });
            worker.kill("SIGTERM");
          }),
      ),
    );
    releaseAndExit(logger, { metricsServer, jobs, store }, exitCode);
  }
  stopOnSignals(shutdown);
}
