// The gateway keeps the shell's rendered parts per isolate (ssr/renderShell.tsx), keyed by what they
// read of the page: the current category link, "not found", the year and the origin. These tests render
// pages of each kind afresh and compare them with the kept parts, so a part that starts reading more of
// the location (and would then be served from another page's render) fails here.
import { beforeEach, describe, expect, it } from "vitest";
import { forgetRenderedShells, renderShell } from "../../ssr/renderShell.tsx";

const ORIGIN = "https://unbiased.example";

async function afresh(url: string, notFound = false) {
  forgetRenderedShells();
  return renderShell(url, ORIGIN, { notFound });
}

beforeEach(() => forgetRenderedShells());

describe("the shell's kept parts", () => {
  it.each([
    ["two articles", "/article/a-story/a1", "/article/another-story/b2?utm_source=x"],
    ["an article and a search", "/article/a-story/a1", "/search?q=harbour"],
    ["the home feed at / and /news", "/", "/news?page=2"],
    ["a category at both of its paths", "/category/tech", "/news/category/tech"],
  ])("are the same for %s, and equal to a fresh render of each", async (_kind, first, second) => {
    const kept = await renderShell(first, ORIGIN, { notFound: false });
    const reused = await renderShell(second, ORIGIN, { notFound: false });
    expect(reused).toBe(kept);
    expect(await afresh(second)).toEqual(kept);
  });

  it("differ where the header marks another category as current", async () => {
    const tech = await renderShell("/category/tech", ORIGIN, { notFound: false });
    const world = await renderShell("/category/world", ORIGIN, { notFound: false });
    expect(tech.top).not.toBe(world.top);
    expect(tech.top).toMatch(
      /aria-current="page"[^>]*href="\/category\/tech"|href="\/category\/tech"[^>]*aria-current="page"/,
    );
    expect(world.top).toMatch(
      /aria-current="page"[^>]*href="\/category\/world"|href="\/category\/world"[^>]*aria-current="page"/,
    );
  });

  it("keep a not-found page's content apart", async () => {
    const found = await renderShell("/nowhere", ORIGIN, { notFound: false });
    const notFound = await renderShell("/nowhere", ORIGIN, { notFound: true });
    expect(found.notFound).toBeNull();
    expect(notFound.notFound).toContain("not found");
  });
});
