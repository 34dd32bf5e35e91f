// axe-core on every reader and ModMe page, in Debian's Chromium: violations counted by impact.
// Measured in `npm run bench` and `npx tsx tests/bench/pages.ts`, never asserted in tests.
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext } from "playwright-core";
import { launchChromium } from "../e2e/chromium.ts";

export const IMPACTS = ["critical", "serious", "moderate", "minor"] as const;
export type Impact = (typeof IMPACTS)[number];

export interface AxeFigures {
  path: string;
  /** Who looked: the page differs for a visitor, a signed-in reader and staff. */
  as: "visitor" | "user" | "admin";
  counts: Record<Impact, number>;
  /** Rule ids of the serious and critical violations, for the table's last column. */
  worst: string[];
}

export interface AxePages {
  visitor: readonly string[];
  user: readonly string[];
  /** ModMe pages: signed in as an admin who has passed the password gate. */
  admin: readonly string[];
}

/** The local ModMe password (README, "Trying every role locally"). */
const LOCAL_MODME_PASSWORD = "modme-local";

export async function runAxe(base: string, pages: AxePages): Promise<AxeFigures[]> {
  const browser = await launchChromium();
  try {
    const results: AxeFigures[] = [];
    for (const as of ["visitor", "user", "admin"] as const) {
      if (pages[as].length === 0) continue;
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      if (as !== "visitor") await signIn(context, base, as);
      for (const path of pages[as]) results.push(await auditPage(context, base, path, as));
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

async function auditPage(
  context: BrowserContext,
  base: string,
  path: string,
  as: AxeFigures["as"],
): Promise<AxeFigures> {
  const page = await context.newPage();
  await page.goto(base + path, { waitUntil: "load" });
  // Pages that keep a request open (images still arriving, a poll) never go quiet: audit what is there.
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
  const { violations } = await new AxeBuilder({ page }).analyze();
  await page.close();
  const counts = Object.fromEntries(IMPACTS.map((impact) => [impact, 0])) as Record<Impact, number>;
  const worst: string[] = [];
  for (const violation of violations) {
    const impact = (violation.impact ?? "minor") as Impact;
    counts[impact] += violation.nodes.length;
    if (impact === "critical" || impact === "serious") worst.push(violation.id);
  }
  return { path, as, counts, worst };
}

/**
 * An entry in the sample user's inbox (a moderator's change to their reputation, with its reason), so
 * /inbox is audited with its list, not only its empty state. The entry travels the inbox queue: it is
 * there within a second or two, long before the visitor's pages are audited.
 */
export async function giveSampleUserAnInboxEntry(base: string): Promise<void> {
  const post = async <T>(path: string, body: unknown, token?: string, method = "POST") => {
    const res = await fetch(base + path, {
      method,
      headers: { "content-type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: T };
  };
  const user = await post<{ user: { id: string } }>("/api/auth/dev", { role: "user" });
  const admin = await post<{ token: string }>("/api/auth/dev", { role: "admin" });
  const gate = await post<{ adminToken: string }>(
    "/api/auth/modme",
    { password: LOCAL_MODME_PASSWORD },
    admin.data.token,
  );
  await post(
    `/api/comments/admin/user/${user.data.user.id}/reputation`,
    { adjustment: 1, reason: "A helpful report" },
    gate.data.adminToken,
    "PUT",
  );
}

/** The dev sign-in, and for an admin the ModMe password gate, stored the way the app stores them. */
async function signIn(context: BrowserContext, base: string, as: "user" | "admin"): Promise<void> {
  const response = await context.request.post(`${base}/api/auth/dev`, { data: { role: as } });
  const { data } = (await response.json()) as { data: { token: string } };
  let adminToken: string | undefined;
  if (as === "admin") {
    const gate = await context.request.post(`${base}/api/auth/modme`, {
      data: { password: LOCAL_MODME_PASSWORD },
      headers: { Authorization: `Bearer ${data.token}` },
    });
    adminToken = ((await gate.json()) as { data: { adminToken: string } }).data.adminToken;
  }
  await context.addInitScript(
    ([token, admin]) => {
      localStorage.setItem("token", token ?? "");
      if (admin) {
        localStorage.setItem("adminToken", admin);
        localStorage.setItem("adminLoginTime", String(Date.now()));
      }
    },
    [data.token, adminToken ?? ""],
  );
}
