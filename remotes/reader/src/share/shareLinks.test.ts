import { describe, expect, it } from "vitest";
import { shareLinks, shareText } from "./shareLinks.ts";

const TITLE = "Rates & rents: what's next?";
const PAGE_URL = "https://unbiased.example/article/rates-rents-whats-next/a1";

describe("shareText", () => {
  it("is '{product}: {title}'", () => {
    expect(shareText(TITLE)).toBe("Unbiased 24/7: Rates & rents: what's next?");
  });
});

describe("shareLinks", () => {
  const byLabel = Object.fromEntries(shareLinks(TITLE, PAGE_URL).map((link) => [link.label, link]));
  const param = (href: string, name: string) => new URL(href).searchParams.get(name);

  it("offers e-mail, SMS, Twitter, Facebook and LinkedIn in that order", () => {
    expect(shareLinks(TITLE, PAGE_URL).map((link) => link.label)).toEqual([
      "Email",
      "SMS",
      "Twitter",
      "Facebook",
      "LinkedIn",
    ]);
  });

  it("puts the text in the e-mail subject and the text plus the URL in its body", () => {
    const href = byLabel.Email!.href;
    expect(href.startsWith("mailto:?")).toBe(true);
    expect(param(href, "subject")).toBe("Unbiased 24/7: Rates & rents: what's next?");
    expect(param(href, "body")).toBe(`Unbiased 24/7: Rates & rents: what's next?\n\n${PAGE_URL}`);
  });

  it("sends the text and the URL by SMS", () => {
    expect(param(byLabel.SMS!.href, "body")).toBe(`Unbiased 24/7: Rates & rents: what's next? ${PAGE_URL}`);
  });

  it("gives Twitter the text and the URL, Facebook and LinkedIn the URL, all encoded", () => {
    expect(param(byLabel.Twitter!.href, "text")).toBe("Unbiased 24/7: Rates & rents: what's next?");
    expect(param(byLabel.Twitter!.href, "url")).toBe(PAGE_URL);
    expect(param(byLabel.Facebook!.href, "u")).toBe(PAGE_URL);
    expect(param(byLabel.LinkedIn!.href, "url")).toBe(PAGE_URL);
    expect(byLabel.Twitter!.href).not.toContain("&rents");
  });

  it("opens only the web share pages in a new tab", () => {
    expect(
      shareLinks(TITLE, PAGE_URL)
        .filter((link) => link.external)
        .map((link) => link.label),
    ).toEqual(["Twitter", "Facebook", "LinkedIn"]);
  });
});
