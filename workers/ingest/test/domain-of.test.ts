import { outletDomain } from "@unbiased/worker-shared/contracts/outlets";
import { describe, expect, it } from "vitest";
import { domainOf } from "../src/pipeline/build-article.ts";

// An article's domain is what its outlet page's address is matched against: a stored spelling the
// page could not be addressed by would leave the article's source link answering 404.
describe("an article's domain", () => {
  it("is stored in the outlet page's form", () => {
    for (const [url, domain] of [
      ["https://WWW.Example.com/a?b=1", "example.com"],
      ["https://news.example.org.:8443/x", "news.example.org"],
      ["https://münchen.de/", "xn--mnchen-3ya.de"],
      ["https://my_blog.example.net/post", "my_blog.example.net"],
    ] as const) {
      expect(domainOf(url)).toBe(domain);
      expect(outletDomain(domainOf(url))).toBe(domain);
    }
  });

  it("keeps a host the outlet form cannot hold, as the URL gives it", () => {
    expect(domainOf("http://[::1]:8080/a")).toBe("[::1]");
    expect(domainOf("http://intranet/a")).toBe("intranet");
  });
});
