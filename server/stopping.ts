// How a serving process and the cluster's primary stop (SIGTERM from systemd or Kubernetes, SIGINT
// from a terminal): each drains in its own way first, then both release the same things here.
import type { Logger } from "pino";

/** Calls `shutdown` on SIGTERM and SIGINT; it is expected to ignore a second signal. */
export function stopOnSignals(shutdown: (signal: string) => Promise<void>): void {
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void shutdown(signal));
}

/** After the drain: the metrics listener, the jobs and the database are let go, then the process exits. */
export function releaseAndExit(
  logger: Logger,
  held: { metricsServer?: { close(): unknown } | null; jobs?: { stop(): void } | null; store?: { close(): void } | null },
  exitCode = 0,
): never {
  held.metricsServer?.close();
  held.jobs?.stop();
  held.store?.close();
  logger.info("stopped");
  logger.flush();
  process.exit(exitCode);
}
