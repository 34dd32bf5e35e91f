// Where a benchmark's stack keeps its local state. Durable Objects and D1 persist to SQLite files,
// and local workerd commits (fsync) them on the one thread that also runs every worker: on this
// VM's disk each commit stalls all requests for a few hundred microseconds, which is a fact about
// the disk, not the product (Cloudflare commits storage off the request's thread). A memory-backed
// folder (/dev/shm) keeps the figures about the code; it is used when the machine has one.
import { accessSync, constants, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const MEMORY_DIR = "/dev/shm";

function memoryBacked(): boolean {
  try {
    accessSync(MEMORY_DIR, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** A fresh state folder, and a phrase for the report saying where it lives. */
export function benchStateDir(prefix: string): { dir: string; where: string } {
  const inMemory = memoryBacked();
  return {
    dir: mkdtempSync(join(inMemory ? MEMORY_DIR : tmpdir(), prefix)),
    where: inMemory ? "state in memory (/dev/shm)" : "state on disk (no /dev/shm here)",
  };
}
