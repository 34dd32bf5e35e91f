// `npm run test:unit`: every unit suite, with one guard. The gateway's workerd pool, which starts the
// real votes, comments and ingest workers beside the gateway, sometimes stalls while starting a test
// file (about one start in six on the 2-core machine; no test begins). The cause is in workerd, not in
// these tests: a `perf` profile of a stalled workerd shows its one thread spinning in the loop that
// pumps V8's task queue after each request (`while (js.pumpMsgLoop())` in workerd's io-context.c++),
// where a cppgc incremental-sweep task keeps posting itself again, so the loop never ends. Miniflare
// passes no V8 flags to workerd, so the test run cannot turn that sweeping off. Until workerd is fixed,
// the gateway's files run one at a time and a file whose pool has not finished within START_STALL_MS
// is started again (at most 5 times). A test that fails is never retried: only a stalled start is.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const vitest = join(root, "node_modules/.bin/vitest");
// A file takes 12 to 20 s of wall time here (vitest reports 9 to 16 s in fresh-clone CI runs); three times
// the slowest still tells a stall apart, and each stall costs one minute, not two.
const START_STALL_MS = 60_000;
// Five: a fresh-clone CI run sees 3 to 5 of the gateway's 21 files stall once, so with three starts one file
// stalling three times in a row was a real chance of a red run.
const MAX_STARTS = 5;

/** Runs vitest; resolves with its exit code, or "stalled" when it had to be stopped. */
function run(args, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(vitest, ["run", ...args], { cwd: root, stdio: "inherit", detached: true });
    const timer =
      timeoutMs &&
      setTimeout(() => {
        process.kill(-child.pid, "SIGKILL");
        resolve("stalled");
      }, timeoutMs);
    child.on("exit", (code) => {
      if (timer) clearTimeout(timer);
      resolve(code ?? 1);
    });
  });
}

const others = await run(["--project", "!api"]);
if (others !== 0) process.exit(1);

const files = readdirSync(join(root, "workers/api/test"))
  .filter((f) => f.endsWith(".test.ts"))
  .sort();
let passed = 0;
for (const file of files) {
  for (let start = 1; ; start++) {
    const result = await run(["--project", "api", `test/${file}`], START_STALL_MS);
    if (result === 0) break;
    if (result !== "stalled") process.exit(1);
    console.error(`\napi ${file}: the workerd pool stalled (start ${start} of ${MAX_STARTS})`);
    if (start === MAX_STARTS) process.exit(1);
  }
  passed++;
}
console.log(`\napi: ${passed} of ${files.length} test files passed, one at a time`);
