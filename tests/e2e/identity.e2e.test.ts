// Identity through the UI in real Chromium against the real stack (ADR 009): the development
// sign-in for each role (through the callback page's code exchange, ADR 009), the user menu, the
// /modme guard, the ModMe password gate, logout.

import { afterAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../workers/shared/src/contracts/auth.ts";
import { openUserMenu, type Role, sampleName, signInOnLoginPage } from "./auth.ts";
import { closeBrowser, openPage } from "./page.ts";

afterAll(closeBrowser);

const ACCESS_DENIED = AUTH_MESSAGES.staffRequired;

describe("signing in with the development sign-in", () => {
  it.each([
    ["user", false],
    ["moderator", true],
    ["admin", true],
  ] as const)("as %s: welcomed, sent home, and the menu offers ModMe: %s", async (role: Role, offersModme) => {
    const tp = await openPage();
    await signInOnLoginPage(tp, role);
    expect(await tp.page.getByRole("link", { name: "Login" }).count()).toBe(0);

    const menu = await openUserMenu(tp.page, role);
    for (const item of ["Profile", "System Default", "Logout"]) {
      expect(
        await menu.getByRole(item === "System Default" ? "menuitemcheckbox" : "menuitem", { name: item }).isVisible(),
      ).toBe(true);
    }
    expect(await menu.getByRole("menuitem", { name: "ModMe" }).count()).toBe(offersModme ? 1 : 0);
    await tp.context.close();
  });

  it("sends a signed-in reader away from /login and shows the profile", async () => {
    const tp = await openPage();
    await signInOnLoginPage(tp, "user");
    await tp.page.goto(tp.url("/login"));
    await tp.page.waitForURL(tp.url("/"));
    await tp.page.goto(tp.url("/profile"));
    await tp.page.getByRole("heading", { name: sampleName("user") }).waitFor();
    expect(await tp.page.getByText("Member since").isVisible()).toBe(true);
    expect(await tp.page.getByLabel("Timezone").inputValue()).toBe("America/New_York");
    await tp.context.close();
  });
});

describe("the sign-in callback's single-use code", () => {
  it("carries no bearer token, works once, and only in the browser that started the sign-in", async () => {
    const tp = await openPage();
    const callbackUrl = await signInOnLoginPage(tp, "user");
    const code = new URL(callbackUrl).searchParams.get("token")!;
    expect(code.length).toBeGreaterThanOrEqual(40);
    expect(code.split(".")).toHaveLength(1); // not a JWT
    const verify = await tp.page.request.get(tp.url("/api/auth/verify"), {
      headers: { Authorization: `Bearer ${code}` },
    });
    expect(verify.status()).toBe(401);

    // Opened again in the same browser (history, a shared link): refused.
    await tp.page.goto(callbackUrl);
    expect(await tp.page.getByRole("alert").textContent()).toBe("Authentication failed");
    await tp.page.waitForURL(tp.url("/login"));

    // A fresh code, opened in another browser before its own: refused there, and still good here.
    const other = await openPage();
    const fresh = await tp.page.evaluate(async () => {
      const res = await fetch("/api/auth/dev/start", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ role: "admin" }),
      });
      return ((await res.json()) as { data: { callbackUrl: string } }).data.callbackUrl;
    });
    await other.page.goto(other.url(fresh));
    expect(await other.page.getByRole("alert").textContent()).toBe("Authentication failed");
    expect(await other.page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await other.context.close();
    await tp.page.goto(tp.url(fresh));
    await tp.page.getByText("Successfully logged in!").waitFor();
    await tp.page.getByRole("button", { name: sampleName("admin") }).waitFor();
    await tp.context.close();
  });
});

describe("keeping the session", () => {
  it("refreshes an access token the server no longer accepts, with the refresh cookie, on the next visit", async () => {
    const tp = await openPage();
    const { page, url } = tp;
    await signInOnLoginPage(tp, "user");
    // Stands in for an access token past its 15 minutes: verify answers 401 for it.
    await page.evaluate(() => localStorage.setItem("token", "expired.access.token"));

    await page.goto(url("/profile"));
    await page.getByRole("heading", { name: sampleName("user") }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem("token"));
    expect(token).not.toBe("expired.access.token");
    expect(token).toBeTruthy();
    await tp.context.close();
  });
});

describe("several tabs", () => {
  it("stay signed in when they all refresh an expired access token at once (a restored browser session)", async () => {
    const tp = await openPage();
    await signInOnLoginPage(tp, "user");
    await tp.page.evaluate(() => localStorage.setItem("token", "expired.access.token"));
    // Three tabs of one browser: one refresh cookie, one localStorage, loading /profile together.
    const tabs = [tp.page, await tp.context.newPage(), await tp.context.newPage()];
    // A slow network: each refresh is held until all three tabs could have sent theirs (or 1.5 s),
    // then goes to the real server, so refreshes that are not serialised do overlap.
    let refreshes = 0;
    let allSent!: () => void;
    const sent = new Promise<void>((resolve) => {
      allSent = resolve;
    });
    await tp.context.route("**/api/auth/refresh", async (route) => {
      if (++refreshes === tabs.length) allSent();
      await Promise.race([sent, new Promise((resolve) => setTimeout(resolve, 1500))]);
      await route.continue();
    });
    await Promise.all(tabs.map((tab) => tab.goto(tp.url("/profile"))));
    for (const tab of tabs) await tab.getByRole("heading", { name: sampleName("user") }).waitFor();
    // Without the lock the second refresh would present a spent token and the server would end the
    // session: the token would be cleared and a further refresh refused.
    const token = await tp.page.evaluate(() => localStorage.getItem("token"));
    expect(token).toBeTruthy();
    expect(token).not.toBe("expired.access.token");
    expect((await tp.page.request.post(tp.url("/api/auth/refresh"), { data: {} })).status()).toBe(200);
    await tp.context.close();
  });
});

describe("the guard on /modme", () => {
  it("sends an anonymous visitor to /login", async () => {
    const tp = await openPage();
    await tp.page.goto(tp.url("/modme"));
    await tp.page.waitForURL(tp.url("/login"));
    await tp.page.getByRole("heading", { name: "Sign in" }).waitFor();
    await tp.context.close();
  });

  it("sends a signed-in user without a staff role to / and says why", async () => {
    const tp = await openPage();
    await signInOnLoginPage(tp, "user");
    await tp.page.goto(tp.url("/modme"));
    await tp.page.getByText(ACCESS_DENIED).waitFor();
    expect(new URL(tp.page.url()).pathname).toBe("/");
    await tp.context.close();
  });

  it.each(["moderator", "admin"] as const)("lets the %s in, to the ModMe password gate first", async (role) => {
    const tp = await openPage();
    await signInOnLoginPage(tp, role);
    await tp.page.goto(tp.url("/modme"));
    // Every ModMe page reads ModMe APIs, so even the dashboard needs the admin session (ADR 012).
    await tp.page.waitForURL(tp.url("/modme/login"));
    await tp.page.getByRole("heading", { name: "ModMe Login" }).waitFor();
    await tp.context.close();
  });
});

describe("the ModMe password gate", () => {
  it("refuses a wrong password, then opens ModMe with the local one and skips itself afterwards", async () => {
    const tp = await openPage();
    const { page, url } = tp;
    await signInOnLoginPage(tp, "moderator");

    // The tools behind the gate send staff to it first.
    await page.goto(url("/modme/comments"));
    await page.waitForURL(url("/modme/login"));

    const password = page.getByLabel("Password", { exact: true });
    await password.fill("not-the-password");
    await page.getByRole("button", { name: "Enter ModMe" }).click();
    expect(await page.getByRole("alert").filter({ hasText: "Incorrect password" }).textContent()).toBe(
      "Incorrect password",
    );
    expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();

    await page.getByRole("button", { name: "Show password" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await password.fill("modme-local");
    await page.getByRole("button", { name: "Enter ModMe" }).click();
    await page.getByText("Moderation access granted!").waitFor();
    await page.waitForURL(url("/modme/comments"));
    await page.getByRole("heading", { name: "Comment Moderation" }).waitFor();

    // A live admin session (under 24 h) skips the gate, also from the user menu's ModMe entry.
    await page.goto(url("/"));
    await (await openUserMenu(page, "moderator")).getByRole("menuitem", { name: "ModMe" }).click();
    await page.waitForURL(url("/modme/comments"));
    await tp.context.close();
  });
});

describe("logging out", () => {
  it("says 'Logged out successfully', brings the Login link back and ends the session on the server", async () => {
    const tp = await openPage();
    const { page, url } = tp;
    await signInOnLoginPage(tp, "admin");
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const cookie = (await tp.context.cookies()).find((c) => c.name === "unbiased_refresh")!;
    const refreshCookie = `${cookie.name}=${cookie.value}`;

    await (await openUserMenu(page, "admin")).getByRole("menuitem", { name: "Logout" }).click();
    await page.getByText("Logged out successfully").waitFor();
    await page.getByRole("link", { name: "Login" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

    // The session is closed on the server: the refresh cookie the browser held is refused too.
    expect(
      (await page.request.post(url("/api/auth/refresh"), { data: {}, headers: { Cookie: refreshCookie } })).status(),
    ).toBe(401);
    expect(
      (await page.request.get(url("/api/auth/verify"), { headers: { Authorization: `Bearer ${token}` } })).status(),
    ).toBe(401);
    await tp.context.close();
  });
});
