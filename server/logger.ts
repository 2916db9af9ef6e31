import { pino } from "pino";

/** JSON lines with the process id: a cluster's primary and workers write to one log. */
export function createLogger(level: string) {
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime });
}
