// `npm run demo`: install, build, create and seed the database when missing, serve the shop.
import { spawn } from "node:child_process";
import { continueOnShopNode, ensureBuild, ensureDependencies, SERVER_NODE_ARGS } from "./setup.mjs";

ensureDependencies();
await continueOnShopNode();
ensureBuild();

const port = process.env.PORT || "3000";
console.log(`
TTS游戏商城 演示 — http://localhost:${port}
  演示账号（密码均为 demo123456，区号 +86）：13800138000、13900139000
  短信与邮件发件箱：http://localhost:${port}/dev
`);

// the demo is the demo: DEMO=1 whatever the shell says, and only this machine reaches it (its
// /dev pages show every SMS code and delivered code) unless HOST says otherwise
const server = spawn(process.execPath, SERVER_NODE_ARGS, {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env, HOST: process.env.HOST || "127.0.0.1", PORT: port, DEMO: "1" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
