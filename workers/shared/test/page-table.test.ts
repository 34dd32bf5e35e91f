// The reader's page table (contracts/page.ts): every path it lists belongs to its own page, with its
// parameters; ModMe's paths are ModMe's; anything else is no one's (the 404 page).
import { describe, expect, it } from "vitest";
import { matchReaderPage, pathOwner, READER_PAGE_NAMES, READER_PAGES } from "../src/contracts/page.ts";

/** A concrete path for a pattern: each ":name" becomes "name-value". */
const concrete = (path: string) => path.replace(/:([A-Za-z]+)/g, "$1-value");

describe("the reader's page table", () => {
  it("matches each of its paths to its own page, with a trailing slash too", () => {
    for (const page of READER_PAGE_NAMES)
      for (const path of READER_PAGES[page].paths) {
        expect(matchReaderPage(concrete(path))?.page, path).toBe(page);
        if (path !== "/") expect(matchReaderPage(`${concrete(path)}/`)?.page, `${path}/`).toBe(page);
      }
  });

  it("gives each path's parameters, decoded", () => {
    expect(matchReaderPage("/article/harbour-ferries/a%20b")).toEqual({
      page: "article",
      path: "/article/:slug/:id",
      params: { slug: "harbour-ferries", id: "a b" },
    });
    expect(matchReaderPage("/news/category/tech")?.params).toEqual({ category: "tech" });
  });

  it("names the owner of a path: the reader, ModMe, or no one", () => {
    expect(pathOwner("/")).toBe("reader");
    expect(pathOwner("/event/e1")).toBe("reader");
    expect(pathOwner("/modme")).toBe("modme");
    expect(pathOwner("/modme/users")).toBe("modme");
    for (const nobody of ["/nope", "/article", "/category/tech/extra", "/modmeish"])
      expect(pathOwner(nobody)).toBeNull();
  });
});
