// Start-up refusals: spawns the server as `npm start` does and reports whether it stopped, with
// its exit code and what it printed, or whether it came up and answered (then it is stopped). A start-up
// took 35 s with the load average at 16–24: 45 s before it counts as not started.
import { spawn } from "node:child_process";
import { SERVER_ENTRY } from "../../scripts/setup.mjs";
import { freePort } from "../bench/server";

export interface Startup {
  /** False when the server came up and answered a request. */
  exited: boolean;
  code: number | null;
  output: string;
}

export async function startup(env: Record<string, string | undefined>, waitMs = 45_000): Promise<Startup> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    // a variable given as undefined is left unset (spawn skips undefined values)
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      SMS_PROVIDER: "none",
      SMS_NONE_ACKNOWLEDGED: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exit = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const deadline = Date.now() + waitMs;
  while (child.exitCode === null && Date.now() < deadline) {
    const answer = await fetch(`http://127.0.0.1:${port}/api/common_bll/v1/member/auth_check`).catch(() => null);
    if (answer) {
      child.kill("SIGTERM");
      await exit;
      return { exited: false, code: null, output };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (child.exitCode === null) child.kill("SIGKILL");
  return { exited: true, code: await exit, output };
}
