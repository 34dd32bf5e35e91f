import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  HASH_HIGHLIGHT_CLASS,
  HASH_HIGHLIGHT_MS,
  HASH_SEARCH_MS,
  hashTargetId,
  revealHashTarget,
} from "./hashTarget.ts";

describe("hashTargetId", () => {
  it("accepts #comments-section and #comment-{id}", () => {
    expect(hashTargetId("#comments-section")).toBe("comments-section");
    expect(hashTargetId("#comment-c_42-x")).toBe("comment-c_42-x");
  });

  it("ignores every other hash", () => {
    expect(hashTargetId("")).toBeNull();
    expect(hashTargetId("#main")).toBeNull();
    expect(hashTargetId("#comment-")).toBeNull();
    expect(hashTargetId("#comment-1%20onclick")).toBeNull();
    expect(hashTargetId("#%E0%A4%A")).toBeNull();
  });
});

describe("revealHashTarget", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = "";
  });

  const addComment = () => {
    const element = document.createElement("div");
    element.id = "comment-7";
    document.body.append(element);
    return element;
  };

  it("scrolls to the element and highlights it for about 2 s", () => {
    const element = addComment();
    revealHashTarget("comment-7");
    expect(element.scrollIntoView).toHaveBeenCalledOnce();
    expect(element.classList.contains(HASH_HIGHLIGHT_CLASS)).toBe(true);
    vi.advanceTimersByTime(HASH_HIGHLIGHT_MS);
    expect(element.classList.contains(HASH_HIGHLIGHT_CLASS)).toBe(false);
  });

  it("keeps looking while the element is not there yet", () => {
    revealHashTarget("comment-7");
    vi.advanceTimersByTime(3000);
    const element = addComment();
    vi.advanceTimersByTime(100);
    expect(element.scrollIntoView).toHaveBeenCalledOnce();
    expect(element.classList.contains(HASH_HIGHLIGHT_CLASS)).toBe(true);
  });

  it("gives up after 5 s", () => {
    revealHashTarget("comment-7");
    vi.advanceTimersByTime(HASH_SEARCH_MS + 100);
    const element = addComment();
    vi.advanceTimersByTime(1000);
    expect(element.scrollIntoView).not.toHaveBeenCalled();
  });

  it("stops and removes the highlight when cancelled", () => {
    const element = addComment();
    const cancel = revealHashTarget("comment-7");
    cancel();
    expect(element.classList.contains(HASH_HIGHLIGHT_CLASS)).toBe(false);
  });
});
