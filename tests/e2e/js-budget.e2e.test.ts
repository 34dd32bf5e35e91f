// The JavaScript a reader's browser downloads before the page answers stays within its budget
// (docs/decisions/023-import-map-federation.md): 110 KB gzipped on `/`, 120 KB on an article. Bytes,
// not time: the same build gives the same figure on any machine (`npx tsx tests/bench/js-budget.ts
// --stack` prints the table). A chunk that moves into the first screen's files (a lazy part imported
// statically, Rolldown's helpers split into a file of their own) fails here, not only in a bench.
import { afterAll, describe, expect, inject, it } from "vitest";
import {
  ARTICLE_BUDGET_GZIP_BYTES,
  firstArticlePath,
  JS_BUDGET_GZIP_BYTES,
  measureScripts,
} from "../bench/js-budget.ts";
import { closeBrowser } from "./page.ts";

afterAll(closeBrowser);

describe("the JavaScript before the page answers", () => {
  it("is within 110 KB gzipped on /, none of it ModMe's", async () => {
    const measured = await measureScripts(inject("baseUrl"), "/");
    expect(measured.modmeFiles).toBe(0);
    expect(measured.totalGzip, measured.chunks.map((c) => `${c.url} ${c.gzip}`).join("\n")).toBeLessThanOrEqual(
      JS_BUDGET_GZIP_BYTES,
    );
  });

  it("is within 120 KB gzipped on an article", async () => {
    const base = inject("baseUrl");
    const measured = await measureScripts(base, await firstArticlePath(base));
    expect(measured.totalGzip, measured.chunks.map((c) => `${c.url} ${c.gzip}`).join("\n")).toBeLessThanOrEqual(
      ARTICLE_BUDGET_GZIP_BYTES,
    );
  });
});
