// Login is one folder with no import circle through it (decision 024). Every edge counts: a static
// import, a type import and an import() (the old circle was closed by a preload and a type).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const APP = resolve(__dirname, "..");
const SOURCE = /\.(ts|tsx)$/;
const IMPORT = /(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/") ? join(APP, specifier.slice(2)) : specifier.startsWith(".") ? resolve(dirname(from), specifier) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** The app's import graph: file → the app files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(APP)) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(IMPORT)].map((m) => resolveImport(file, m[1] ?? m[2]!)).filter((t): t is string => Boolean(t));
    graph.set(file, targets);
  }
  return graph;
}

/** A circle of imports through `start`, as app-relative paths, or null. */
function circleThrough(graph: Map<string, string[]>, start: string): string[] | null {
  const path: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string): boolean => {
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (next === start) return true;
      if (!seen.has(next)) {
        seen.add(next);
        if (visit(next)) return true;
      }
    }
    path.pop();
    return false;
  };
  return visit(start) ? path.map((f) => relative(APP, f)) : null;
}

describe("the login feature's imports", () => {
  const graph = importGraph();
  const loginFiles = [...graph.keys()].filter((f) => relative(APP, f).startsWith("login/"));

  it("finds the feature's files", () => {
    expect(loginFiles.length).toBeGreaterThanOrEqual(10);
  });

  it("has no circle through any of them", () => {
    const circles = loginFiles.map((file) => circleThrough(graph, file)).filter(Boolean);
    expect(circles).toEqual([]);
  });

  it("sees a circle when there is one", () => {
    const a = join(APP, "a.ts");
    const b = join(APP, "b.ts");
    expect(
      circleThrough(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
        a,
      ),
    ).toEqual(["a.ts", "b.ts"]);
  });
});
