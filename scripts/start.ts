#!/usr/bin/env tsx
// `npm start`: build the web app, prepare local state and serve the whole product on one origin.
// PORT (default 8787) and PERSIST_TO (default .wrangler/state) may be set in the environment.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { defaultPersistDir, repoRoot } from "./paths.ts";
import { prepareStack, startStack } from "./stack.ts";

const port = Number(process.env.PORT ?? 8787);
const persistTo = process.env.PERSIST_TO ?? defaultPersistDir;
const started = Date.now();

console.log("Building the web app (shell, reader, ModMe)…");
execFileSync(process.execPath, [join(repoRoot, "scripts/build-web.mjs")], { stdio: "inherit", cwd: repoRoot });
await prepareStack({ persistTo });
console.log("Starting the workers; the ingest worker then reads the sample newswire…");
const stack = await startStack({
  port,
  persistTo,
  verbose: true,
  log: (line) => console.log(line),
  // Everything has stopped by then: say so and end, rather than leave a half-running stack.
  onFatal: (message) => {
    console.error(`\n${message}`);
    process.exit(1);
  },
});
const { sample } = stack;
console.log(
  `\nThe pipeline finished ${sample.jobs.completed} jobs (${sample.jobs.failed} failed) in ${sample.seconds.toFixed(1)} s; the feed holds ${sample.articles} articles.`,
);
console.log(
  `Unbiased 24/7 is running at ${stack.url} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s). Press Ctrl+C to stop.`,
);
console.log(`Poll the sample newswire again: curl -X POST ${stack.url}/newswire/poll`);
console.log(
  `Development sign-in: open ${stack.url}/login, or POST ${stack.url}/api/auth/dev {"role":"user"|"moderator"|"admin"}.\n`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void stack.stop().then(() => process.exit(0));
  });
}
