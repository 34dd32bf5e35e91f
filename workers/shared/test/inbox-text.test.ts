import { describe, expect, it } from "vitest";
import type { InboxEntry } from "../src/contracts/inbox.ts";
import { inboxEntryText } from "../src/contracts/inbox-text.ts";

const entry = (over: Partial<InboxEntry>): InboxEntry => ({
  id: "e1",
  type: "reply",
  at: 0,
  link: "/article/a/1",
  subject: "Ferries return",
  reason: null,
  actorName: null,
  excerpt: null,
  read: false,
  ...over,
});

describe("what an inbox entry says", () => {
  it("names a reply's author and quotes it, or says it is no longer shown", () => {
    expect(inboxEntryText(entry({ actorName: "Ben", excerpt: "Not so fast." }))).toEqual({
      headline: "Ben replied to your comment on “Ferries return”",
      detail: "Not so fast.",
    });
    expect(inboxEntryText(entry({}))).toEqual({
      headline: "A reply to your comment on “Ferries return” is no longer shown",
      detail: null,
    });
  });

  it("gives a moderator's reason, or says none was given", () => {
    expect(inboxEntryText(entry({ type: "comment-rejected", reason: "Off topic" })).detail).toBe("Reason: Off topic");
    expect(inboxEntryText(entry({ type: "comment-deactivated" })).detail).toBe("No reason was given.");
  });

  it("says what became of a submitted link", () => {
    expect(inboxEntryText(entry({ type: "submission-added" })).headline).toBe(
      "The link you submitted is now an article: “Ferries return”",
    );
    expect(
      inboxEntryText(entry({ type: "submission-failed", subject: "https://x.example/a", reason: "Not an HTML page" })),
    ).toEqual({
      headline: "The link you submitted could not be added: https://x.example/a",
      detail: "Why: Not an HTML page",
    });
  });
});
