// CPU time of the local stack's processes, read from /proc (Linux), so a benchmark can say what one
// request costs the machine and not only how fast answers came back. `wrangler dev` runs two workerd
// processes: its dev proxy, which listens on the public port, and the runtime, which runs every
// worker, Durable Object, D1 database and queue of the stack on one thread. Elsewhere than Linux
// the figures are simply absent. A process's CPU is the sum of its threads' run time in
// /proc/PID/task/TID/schedstat (nanoseconds), read where the kernel keeps it: /proc/PID/stat counts
// in clock ticks of 10 ms, which is the whole of a small request asked alone, so a figure made of
// such requests was mostly rounding (the static file alone, 30 requests: 3.7 to 5.0 ms a request
// from one run to the next). A thread that ends between two readings takes its time with it; workerd's
// threads live as long as the process. Without schedstat, the ticks.
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on every Linux build). */
const TICKS_PER_SECOND = 100;

export type StackProcess = "runtime" | "dev proxy";

interface ProcStat {
  ppid: number;
  cpuMs: number;
}

function procStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may itself contain spaces.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { ppid: Number(fields[1]), cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/** The process's CPU milliseconds: its threads' run time when the kernel keeps it, else its ticks. */
function cpuMsOf(pid: number): number {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
    readFileSync(`/proc/${pid}/schedstat`, "utf8");
  } catch {
    // No schedstat (or the process is gone): the ticks, if any.
    return procStat(pid)?.cpuMs ?? Number.NaN;
  }
  let nanoseconds = 0;
  for (const thread of threads) {
    try {
      nanoseconds += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // The thread ended after the listing: its time went with it (as it would have a moment later).
    }
  }
  return nanoseconds / 1e6;
}

function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = procStat(pid);
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

/**
 * The workerd processes under the `wrangler dev` whose process id is `wranglerPid`, keyed by role;
 * the proxy is the one bound to the stack's public port. Empty where /proc is missing.
 */
export function stackProcesses(wranglerPid: number, port: number): Map<StackProcess, number> {
  const found = new Map<StackProcess, number>();
  try {
    for (const pid of descendants(wranglerPid)) {
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (!args.includes("serve") || !args[0]?.endsWith("workerd")) continue;
      found.set(args.includes(`--socket-addr=entry=127.0.0.1:${port}`) ? "dev proxy" : "runtime", pid);
    }
  } catch {
    // No /proc: no CPU figures.
  }
  return found;
}

/** Starts counting; the returned function gives each process's CPU milliseconds since then. */
export function cpuMeter(processes: Map<StackProcess, number>): () => Map<StackProcess, number> {
  const start = new Map([...processes].map(([role, pid]) => [role, cpuMsOf(pid)]));
  return () => new Map([...processes].map(([role, pid]) => [role, cpuMsOf(pid) - (start.get(role) ?? 0)]));
}

/** Every workerd process under these `wrangler dev` processes (the gateway's and each remote's). */
export function workerdProcesses(wranglerPids: readonly number[]): number[] {
  try {
    return wranglerPids
      .flatMap((root) => descendants(root))
      .filter((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0]?.endsWith("workerd"));
  } catch {
    return [];
  }
}

/** Starts counting; the returned function gives the processes' CPU milliseconds since then, summed. */
export function totalCpuMeter(pids: readonly number[]): () => number {
  const read = () => pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
  const start = read();
  return () => read() - start;
}
