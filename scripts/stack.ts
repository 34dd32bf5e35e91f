// The whole product on one local origin: the four workers under one `wrangler dev`, the built
// shell and remotes as static assets, migrations applied, and the feed filled by the ingestion
// pipeline from the sample newswire the stack serves. Used by `npm start` and by the end-to-end tests
// (with their own port and state folder).
import type { ChildProcess } from "node:child_process";
import { appendFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { modmeFirstHtmlPath, type RemoteName, remoteManifestPath } from "../workers/shared/src/contracts/page.ts";
import { ensureDevVars, localVars } from "./dev-vars.ts";
import { wholeLinesTo } from "./log-lines.ts";
import { repoRoot } from "./paths.ts";
import { type IngestReport, ingestSampleNewswire } from "./sample-newswire.ts";
import { applyMigrations, REMOTE_CONFIGS, spawnWrangler, WORKER_CONFIGS } from "./wrangler.ts";

export interface StackOptions {
  port: number;
  persistTo: string;
  /** Print wrangler's own output (true for `npm start`). */
  verbose?: boolean;
  /**
   * Log every request (wrangler's default). The benchmark turns this off: wrangler's dev proxy posts
   * each request's log line to its Node process, a cost production does not have.
   */
  requestLogs?: boolean;
  log?: (line: string) => void;
  /** Also append everything the workers print to this file (the e2e tests read their log). */
  logFile?: string;
  /**
   * Called when the stack cannot go on (the gateway's `wrangler dev` exited, or a remote's would not
   * start again): every process of the stack has been stopped by then. Default: the message is logged.
   */
  onFatal?: (message: string) => void;
}

export interface RunningStack {
  url: string;
  port: number;
  /** The gateway's `wrangler dev` process (the benchmarks read its workerd processes' CPU time). */
  pid: number;
  /** How the first poll of the sample newswire went. */
  sample: IngestReport;
  /** Stops a remote's Worker and starts it again from its current build: the local form of its deploy. */
  restartRemote(name: RemoteName): Promise<void>;
  /** The process id of a remote's `wrangler dev` now (a test stops one to see the stack restart it). */
  remotePid(name: RemoteName): number | undefined;
  stop(): Promise<void>;
}

/** Long enough for the whole sample corpus on a busy two-core machine. */
const SAMPLE_TIMEOUT_MS = 180_000;

export async function prepareStack(options: Pick<StackOptions, "persistTo" | "log">): Promise<void> {
  const log = options.log ?? console.log;
  for (const built of ["dist/public/index.html", "remotes/reader/dist/server/render.js", "remotes/modme/dist/client"])
    if (!existsSync(join(repoRoot, built))) throw new Error(`${built} is missing: run \`npm run build:web\` first.`);
  await ensureDevVars();
  log("Applying D1 migrations…");
  await applyMigrations(options.persistTo);
}

/** Polls `url` until it answers 2xx; fails early if the server exits, or after `timeoutMs`. */
export async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** A running `wrangler dev`: its output's tail (for error messages) and a stop that waits for its exit. */
export interface DevServer {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
  /** Whether the stack stopped it (an exit it did not ask for is a failure to supervise). */
  stopped(): boolean;
}

/**
 * `wrangler dev` of the given configs (the first is served on the port) with the local variables,
 * state in `persistTo`. Also used by the benchmark's hot-object driver (tests/bench/hot-object.ts).
 */
export function spawnDevServer(
  options: Pick<StackOptions, "port" | "persistTo" | "verbose" | "requestLogs" | "logFile"> & {
    configs: string[];
    /** Where this stack's Workers find each other (one registry per stack, so stacks never mix). */
    registry?: string;
  },
): DevServer {
  const args = [
    "dev",
    ...options.configs.flatMap((c) => ["-c", c]),
    "--ip",
    "127.0.0.1",
    "--port",
    String(options.port),
    "--persist-to",
    options.persistTo,
    "--inspector-port",
    String(options.port + 10000),
    "--show-interactive-dev-session=false",
    ...(options.requestLogs === false ? ["--log-level", "warn"] : []),
    ...Object.entries(localVars(options.port)).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
  ];
  const child = spawnWrangler(
    args,
    { stdio: options.verbose ? ["ignore", "inherit", "inherit"] : ["ignore", "pipe", "pipe"] },
    options.registry ? { WRANGLER_REGISTRY_PATH: options.registry } : {},
  );
  let output = "";
  const keep = (data: Buffer) => {
    output = (output + data).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  if (options.logFile) {
    const logFile = options.logFile;
    for (const stream of [child.stdout, child.stderr]) stream?.on("data", wholeLinesTo(logFile, stream));
  }
  let stopped = false;
  const stop = () =>
    new Promise<void>((resolve) => {
      stopped = true;
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    });
  return { child, output: () => output, stop, stopped: () => stopped };
}

/** Each remote's Worker listens on its own port beside the gateway's (the gateway reaches it by the registry). */
const REMOTE_PORT_OFFSET: Record<RemoteName, number> = { reader: 100, modme: 101 };

/**
 * What a remote answers before the stack counts it started: its manifest (a static file), and for
 * ModMe also a page's frame, which its Worker's script makes. A page gives each remote part 300 ms
 * (pages/remote-head.ts); asked once here, the script's first start is not paid by the first page.
 */
const READY_PATHS: Record<RemoteName, string[]> = {
  reader: [remoteManifestPath("reader")],
  modme: [remoteManifestPath("modme"), `${modmeFirstHtmlPath()}?path=/modme`],
};

/** A remote's `wrangler dev`, answering once its manifest (and ModMe's frame) does. */
async function startRemote(name: RemoteName, options: StackOptions, registry: string): Promise<DevServer> {
  const port = options.port + REMOTE_PORT_OFFSET[name];
  const server = spawnDevServer({ ...options, port, configs: [REMOTE_CONFIGS[name]], registry });
  try {
    for (const path of READY_PATHS[name])
      await waitUntilAnswering(`http://127.0.0.1:${port}${path}`, server.child, 60_000);
  } catch (err) {
    await server.stop();
    throw new Error(`${(err as Error).message}\n${server.output()}`);
  }
  return server;
}

/** A remote that exits more often than this within RESTART_WINDOW_MS is given up, and the stack stopped. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const url = `http://127.0.0.1:${options.port}`;
  const registry = join(options.persistTo, "dev-registry");
  const say = (line: string) => {
    (options.log ?? console.log)(line);
    if (options.logFile) appendFileSync(options.logFile, `[stack] ${line}\n`);
  };
  // The remotes first, so the gateway finds them in the registry when it starts.
  const remotes = new Map<RemoteName, DevServer>();
  const stopAll = async () => {
    await Promise.all([...remotes.values()].map((server) => server.stop()));
  };
  // One after the other: two workerd processes opening the same state folder at once can meet
  // SQLite's lock (seen: 'database is locked: SQLITE_BUSY' as the second one started).
  for (const name of Object.keys(REMOTE_CONFIGS) as RemoteName[]) {
    try {
      remotes.set(name, await startRemote(name, options, registry));
    } catch (err) {
      await stopAll();
      throw err;
    }
  }
  const gateway = spawnDevServer({ ...options, configs: WORKER_CONFIGS, registry });
  let stopping = false;
  const stop = async () => {
    stopping = true;
    await Promise.all([gateway.stop(), stopAll()]);
  };
  // Never a half-running stack: a remote whose `wrangler dev` exits is started again (and says so); one
  // that keeps exiting, or the gateway exiting, stops everything with a message saying what happened.
  const fail = (message: string) => {
    if (stopping) return;
    say(message);
    void stop().then(() => options.onFatal?.(message));
  };
  const restarts = new Map<RemoteName, number[]>();
  const supervise = (name: RemoteName, server: DevServer) => {
    server.child.once("exit", (code, signal) => {
      if (stopping || server.stopped() || remotes.get(name) !== server) return;
      const recent = (restarts.get(name) ?? []).filter((at) => Date.now() - at < RESTART_WINDOW_MS);
      if (recent.length >= MAX_RESTARTS)
        return fail(`The ${name} Worker keeps exiting (${recent.length + 1} times in a minute): stopping the stack.`);
      restarts.set(name, [...recent, Date.now()]);
      say(`The ${name} Worker (wrangler dev) exited (${code ?? signal}): starting it again…`);
      startRemote(name, options, registry).then(
        (next) => {
          if (stopping) return void next.stop();
          remotes.set(name, next);
          supervise(name, next);
          say(`The ${name} Worker is running again.`);
        },
        (err: unknown) => fail(`The ${name} Worker exited and could not be started again: ${String(err)}`),
      );
    });
  };
  try {
    await waitUntilAnswering(`${url}/api/health`, gateway.child, 60_000);
    const sample = await ingestSampleNewswire(url, {
      timeoutMs: SAMPLE_TIMEOUT_MS,
      ...(options.log ? { log: options.log } : {}),
    });
    for (const [name, server] of remotes) supervise(name, server);
    gateway.child.once("exit", (code, signal) => {
      if (!stopping && !gateway.stopped())
        fail(`The gateway's wrangler dev exited (${code ?? signal}): the stack is stopped. Start it again.`);
    });
    const restartRemote = async (name: RemoteName) => {
      await remotes.get(name)?.stop();
      const next = await startRemote(name, options, registry);
      remotes.set(name, next);
      supervise(name, next);
    };
    const remotePid = (name: RemoteName) => remotes.get(name)?.child.pid;
    return { url, port: options.port, pid: gateway.child.pid ?? Number.NaN, sample, restartRemote, remotePid, stop };
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n${gateway.output()}`);
  }
}
