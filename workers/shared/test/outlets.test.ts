import { describe, expect, it } from "vitest";
import { outletDomain } from "../src/contracts/outlets.ts";

// An outlet's page address names a domain as ingestion stores it (workers/ingest's domainOf stores
// outletDomain's form), so every spelling a reader may type or link reaches the same page.
describe("an outlet's domain", () => {
  it("is written one way: lower case, without www. or a final dot, an international name in punycode", () => {
    expect(outletDomain("WWW.BBC.co.uk")).toBe("bbc.co.uk");
    expect(outletDomain("bbc.co.uk.")).toBe("bbc.co.uk");
    expect(outletDomain("münchen.de")).toBe("xn--mnchen-3ya.de");
    expect(outletDomain("xn--mnchen-3ya.de")).toBe("xn--mnchen-3ya.de");
    expect(outletDomain("My_Blog.example.net")).toBe("my_blog.example.net");
  });

  it("is the host ingestion stores for an article's address", () => {
    for (const url of [
      "https://www.Example.com/a?b",
      "http://news.example.org:8080/x",
      "https://münchen.de/",
      "https://my_blog.example.net/post",
    ])
      expect(outletDomain(new URL(url).hostname.replace(/^www\./, ""))).toBe(
        new URL(url).hostname.replace(/^www\./, ""),
      );
  });

  it("is nothing for what is no bare host name", () => {
    for (const text of [
      "",
      "a/b.example",
      "x@y.example",
      "bbc.co.uk:80",
      "exa mple.com",
      "%41.com",
      "localhost",
      "a?.com",
    ])
      expect(outletDomain(text)).toBeNull();
  });
});
