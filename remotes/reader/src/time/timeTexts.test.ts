import { PAGE_TIME_TEXTS_ATTRIBUTE } from "@unbiased/worker-shared/contracts/page";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dateRange, fullTimestamp, relativeTime } from "./articleTime.ts";
import { shortDateTime } from "./dateTime.ts";
import { knownText, readTimeTexts, recordingTimeTexts, seedTimeTexts, type TimeTexts } from "./timeTexts.ts";

const NEW_YORK = "America/New_York";
const SYDNEY = "Australia/Sydney";
const MAY_FIRST = Date.UTC(2026, 4, 1, 12) / 1000;

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("knownText", () => {
  it("records what it makes, and hands a known text back without making it again", () => {
    const texts = recordingTimeTexts();
    const make = vi.fn(() => "made");
    expect(knownText(texts, "k", make)).toBe("made");
    expect(knownText(texts, "k", make)).toBe("made");
    expect(make).toHaveBeenCalledTimes(1);
    expect(Object.fromEntries(texts.record)).toEqual({ k: "made" });
  });

  it("keeps nothing it makes without a record (the browser's: it never grows past the page's block)", () => {
    const known = new Map([["seeded", "from the page"]]);
    const texts: TimeTexts = { known };
    expect(knownText(texts, "seeded", () => "made")).toBe("from the page");
    expect(knownText(texts, "other", () => "made")).toBe("made");
    expect([...known.keys()]).toEqual(["seeded"]);
  });
});

describe("the formats, with a page's texts", () => {
  it("record each date under its format, timezone and instant while the server renders", () => {
    const texts = recordingTimeTexts();
    const full = fullTimestamp(MAY_FIRST, NEW_YORK, texts);
    const old = relativeTime(MAY_FIRST - 40 * 86_400, NEW_YORK, MAY_FIRST * 1000, texts);
    const range = dateRange("2026-05-01T12:00:00Z", "2026-05-03T12:00:00Z", NEW_YORK, texts);
    const short = shortDateTime("2026-05-01T12:00:00Z", NEW_YORK, texts);
    expect(Object.fromEntries(texts.record)).toEqual({
      [`full|${NEW_YORK}|${MAY_FIRST}`]: full,
      [`date|${NEW_YORK}|${MAY_FIRST - 40 * 86_400}`]: old,
      [`range|${NEW_YORK}|2026-05-01T12:00:00Z|2026-05-03T12:00:00Z`]: range,
      [`short|${NEW_YORK}|2026-05-01T12:00:00Z`]: short,
    });
    expect(full).toBe("Friday, May 1, 2026 at 8:00 AM EDT");
  });

  it("build no date formatter for a date the page brought", () => {
    // A timezone no other test here formats in: its formatter is not cached, so a miss would build one.
    const texts: TimeTexts = { known: new Map([[`full|${SYDNEY}|${MAY_FIRST}`, "as the server wrote it"]]) };
    const built = vi.spyOn(Intl, "DateTimeFormat");
    expect(fullTimestamp(MAY_FIRST, SYDNEY, texts)).toBe("as the server wrote it");
    expect(built).not.toHaveBeenCalled();
    // The same call without the page's text does build one: the spy sees a construction.
    fullTimestamp(MAY_FIRST, SYDNEY);
    expect(built).toHaveBeenCalled();
  });

  it("format in the reader's own timezone themselves: another zone is another key", () => {
    const texts: TimeTexts = { known: new Map([[`full|${NEW_YORK}|${MAY_FIRST}`, "as the server wrote it"]]) };
    expect(fullTimestamp(MAY_FIRST, "Asia/Tokyo", texts)).toBe("Friday, May 1, 2026 at 9:00 PM GMT+9");
  });
});

describe("a page's block of texts", () => {
  const block = (content: string) => {
    document.body.innerHTML = `<script type="application/json" ${PAGE_TIME_TEXTS_ATTRIBUTE}>${content}</script>`;
  };

  it("is read and seeded", () => {
    block(JSON.stringify({ "full|UTC|1": "one", "full|UTC|2": 2 }));
    const read = readTimeTexts();
    expect(read).toEqual({ "full|UTC|1": "one" });
    const into = new Map([["an earlier page's", "text"]]);
    seedTimeTexts(read, into);
    expect(Object.fromEntries(into)).toEqual({ "full|UTC|1": "one" });
  });

  it("seeds nothing when it is missing or cannot be read: the reader formats the dates itself", () => {
    expect(readTimeTexts()).toEqual({});
    block("{not json");
    expect(readTimeTexts()).toEqual({});
    block("null");
    expect(readTimeTexts()).toEqual({});
  });
});
