import { afterAll, describe, expect, it } from "vitest";
import { signInViaApi } from "./auth.ts";
import { closeBrowser, openPage, takeCspViolations } from "./page.ts";

afterAll(closeBrowser);

describe("the product on one origin", () => {
  it("serves / with header, footer and a feed of the sample corpus, without downloading ModMe", async () => {
    const { page, requests, url, context } = await openPage();
    await page.goto(url("/"));
    await page.getByRole("heading", { name: "Latest News" }).waitFor();
    const articleLinks = page.locator("main article h2 a, main article h3 a");
    await articleLinks.nth(19).waitFor();
    expect(await articleLinks.count()).toBeGreaterThanOrEqual(20);

    const header = page.locator("header").first();
    expect(await header.getByText("Unbiased 24/7").first().isVisible()).toBe(true);
    expect(await header.getByText("Beta").first().isVisible()).toBe(true);
    const footer = page.locator("footer").first();
    expect(await footer.getByRole("link", { name: /privacy/i }).isVisible()).toBe(true);
    expect(await footer.getByText(String(new Date().getFullYear())).first().isVisible()).toBe(true);

    expect(requests.some((r) => r.includes("/remotes/reader/"))).toBe(true);
    expect(requests.filter((r) => r.includes("/remotes/modme/"))).toEqual([]);
    await context.close();
  });

  it("loads the ModMe remote when /modme is opened", async () => {
    const tp = await openPage();
    const { page, requests, url, context } = tp;
    await signInViaApi(tp, "moderator"); // ModMe is for staff only
    // Without an admin session the ModMe remote shows its password gate (the dashboard needs one).
    await page.goto(url("/modme"));
    await page.getByRole("heading", { name: "ModMe Login", exact: true }).waitFor();
    await page.locator('[data-remote="modme"]').waitFor();
    expect(requests.some((r) => r.includes("/remotes/modme/entry.js"))).toBe(true);
    // The page's head named ModMe's entry and first files (the gateway read ModMe's manifest), so
    // the browser did not ask for the manifest before it could start on them.
    expect(requests.filter((r) => r.includes("/remotes/modme/manifest.json"))).toEqual([]);
    // Preloaded from the head once the page painted (start-app.js): the entry itself is never a
    // preload of anything else the page runs.
    const preloaded = await page.$$eval('link[rel="modulepreload"]', (links) =>
      links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
    );
    expect(preloaded).toContain("/remotes/modme/entry.js");
    await context.close();
  });

  it("gives page routes the app and missing files a real 404", async () => {
    const { page, url, context } = await openPage();
    const route = await page.goto(url("/category/science"));
    expect(route?.status()).toBe(200);
    expect(route?.headers()["content-type"]).toMatch(/text\/html/);
    const missing = await page.request.get(url("/remotes/reader/assets/not-there.js"));
    expect(missing.status()).toBe(404);
    await context.close();
  });
});

describe("the composed page's Content-Security-Policy", () => {
  it("runs only the page's own nonced scripts and shows only same-origin images, and the e2e check sees a breach", async () => {
    const { page, url, context } = await openPage();
    const response = await page.goto(url("/"));
    const policy = response!.headers()["content-security-policy"] ?? "";
    const nonce = policy.match(/script-src [^;]*'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toMatch(/img-src 'self' data:(;|$)/);
    await page.getByRole("heading", { name: "Latest News" }).waitFor();
    // Every picture on the page, publishers' included, comes from the product's origin.
    const imageOrigins = await page
      .locator("img")
      .evaluateAll((images) =>
        images.map((img) => new URL((img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src).origin),
      );
    expect(new Set(imageOrigins)).toEqual(new Set([new URL(url("/")).origin]));

    // A script without the nonce and an outside picture are refused, and the check every test ends
    // with (csp.setup.ts) would have failed on them.
    const ran = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
      const image = new Image();
      const settled = new Promise((resolve) => {
        image.onload = image.onerror = resolve;
      });
      image.src = "https://images.example.org/tracker.png";
      document.body.append(image);
      await settled;
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    const reported: string[] = [];
    await expect
      .poll(() => {
        reported.push(...takeCspViolations());
        return reported.length;
      })
      .toBeGreaterThanOrEqual(2);
    expect(reported.join("\n")).toMatch(/script-src/);
    expect(reported.join("\n")).toMatch(/img-src/);
    await context.close();
  });
});
