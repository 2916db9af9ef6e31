// Once per vitest run of the server tests (tests/security, tests/operations): the demo seed made
// once for every shop to copy, and the one default shop the files that only send it requests share.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { createSeededDb } from "../bench/data";
import { launchShop } from "./launch-shop";

export default async function setup(project: TestProject) {
  const template = mkdtempSync(join(tmpdir(), "shop-seeded-"));
  createSeededDb(template);
  project.provide("seededTemplate", template);
  const shop = await launchShop(template);
  project.provide("sharedShop", { url: shop.url, pid: shop.pid, dir: shop.dir });
  return async () => {
    await shop.close();
    rmSync(template, { recursive: true, force: true });
  };
}
