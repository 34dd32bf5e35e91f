import { describe, expect, it } from "vitest";
import { articlePath, searchPath, slugify } from "../src/contracts/paths.ts";

describe("slugify (spec §2: lowercase, drop non-alphanumerics, spaces to hyphens)", () => {
  it("lowercases and joins words with hyphens", () => {
    expect(slugify("EU Lawmakers Open Debate")).toBe("eu-lawmakers-open-debate");
  });

  it("removes punctuation and symbols instead of replacing them", () => {
    expect(slugify("Córdoba braces for 44°C: what's next?")).toBe("crdoba-braces-for-44c-whats-next");
  });

  it("collapses runs of spaces and trims the ends", () => {
    expect(slugify("  Port   stoppage -- in Rotterdam  ")).toBe("port-stoppage-in-rotterdam");
  });
});

describe("articlePath", () => {
  it("builds /article/{slug}/{id}", () => {
    expect(articlePath({ id: "a1b2", title: "Seville turns libraries into shelters" })).toBe(
      "/article/seville-turns-libraries-into-shelters/a1b2",
    );
  });

  it("keeps a usable path when the title has no Latin letters or digits", () => {
    expect(articlePath({ id: "x9", title: "東京" })).toBe("/article/article/x9");
  });
});

describe("searchPath", () => {
  it("URL-encodes the query", () => {
    expect(searchPath("heat & rain")).toBe("/search?q=heat%20%26%20rain");
  });
});
