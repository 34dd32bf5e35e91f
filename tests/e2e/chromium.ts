// Debian's Chromium drives the end-to-end tests (a test tool's own browser download cannot work
// here). Installed on demand when running as root; otherwise one clear line says what to do.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
].filter(Boolean) as string[];

export function ensureChromium(): string {
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  if (process.platform === "linux" && process.getuid?.() === 0) {
    console.log("Chromium not found: installing Debian's chromium package…");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  throw new Error(
    "Chromium is missing: install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium binary).",
  );
}

/** The browser's own version line ("Chromium 156.0.…"), so a run says what it tested on. */
export function chromiumVersion(path = ensureChromium()): string {
  return execFileSync(path, ["--version"], { encoding: "utf8" }).trim();
}

/** Chromium's flags for every test and audit here (the e2e tests and tests/bench/lighthouse.ts). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_FLAGS });
}
