// Preloaded into a bench server (`node --import`): how many bytes V8 has allocated on its heap since start, for the
// cost table's allocation per page. Each collection's heap before it, less the heap after the one before, summed
// (v8.GCProfiler), plus what was allocated since the last collection. On SIGUSR2 the figure so far is written to
// BENCH_ALLOC_FILE (the bench reads it before and after a measured run).
import { writeFileSync } from "node:fs";
import { getHeapStatistics, GCProfiler } from "node:v8";

const file = process.env.BENCH_ALLOC_FILE;
let allocated = 0;
let usedAfterLast = getHeapStatistics().used_heap_size;
let profiler = new GCProfiler();
profiler.start();

process.on("SIGUSR2", () => {
  const { statistics } = profiler.stop();
  profiler = new GCProfiler();
  profiler.start();
  for (const { beforeGC, afterGC } of statistics) {
    allocated += beforeGC.heapStatistics.usedHeapSize - usedAfterLast;
    usedAfterLast = afterGC.heapStatistics.usedHeapSize;
  }
  const now = allocated + getHeapStatistics().used_heap_size - usedAfterLast;
  if (file) writeFileSync(file, String(now));
});
