// ADR 001: app/ reaches the trade services only over HTTP. The lint rule that keeps it so
// (eslint.config.js, no-restricted-imports) must fail a storefront file that imports them.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function restrictedImports(code: string, filePath = "app/routes/x.tsx") {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports");
}

describe("app/ imports nothing beyond the HTTP contract", () => {
  it.each([
    'import { openStore } from "../../db/client";',
    'import { createApp } from "../../server/app";',
    'import { seedDatabase } from "../../seed/seed";',
    'import type { TradeDeps } from "../../server/trade/deps";',
    'import { schema } from "~/../db/schema";',
    'import { loadConfig } from "server/config";',
    'export { openStore } from "../../db/client";',
  ])("refuses %s", async (line) => {
    const messages = await restrictedImports(`${line}\nexport const x = 1;\n`);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toContain("only over HTTP");
  });

  it.each([
    'import { formatYuan } from "~/lib/money";',
    'import { renderToString } from "react-dom/server";',
    'import { sanitizeRichText } from "~/server-only/sanitize.server";',
  ])("allows %s", async (line) => {
    expect(await restrictedImports(`${line}\nexport const x = 1;\n`)).toEqual([]);
  });

  it("leaves server/ free to import db/", async () => {
    expect(await restrictedImports('import { openStore } from "../db/client";\nexport const x = 1;\n', "server/x.ts")).toEqual([]);
  });
});

describe("server/ does not import the seed", () => {
  it.each(['import { seedDatabase } from "../seed/seed";', 'import { generateImages } from "../../seed/images";', 'import { x } from "seed/data";'])(
    "refuses %s",
    async (line) => {
      const messages = await restrictedImports(`${line}\nexport const x = 1;\n`, "server/trade/x.ts");
      expect(messages).toHaveLength(1);
      expect(messages[0]?.message).toContain("never imports seed/");
    },
  );

  it("leaves the entry point free to hand the seed over", async () => {
    expect(await restrictedImports('import { seedDatabase } from "./seed/seed";\nexport const x = 1;\n', "boot.ts")).toEqual([]);
  });
});
