// Spec §2: a hash of #comments-section or #comment-{id} scrolls to that element and highlights it
// for about 2 s, retrying for up to 5 s until the element appears (comments load after the article).
export const HASH_HIGHLIGHT_MS = 2000;
export const HASH_SEARCH_MS = 5000;
const RETRY_EVERY_MS = 100;
export const HASH_HIGHLIGHT_CLASS = "is-hash-target";

/** The element id a location hash points at, or null for any hash this rule does not cover. */
export function hashTargetId(hash: string): string | null {
  let id: string;
  try {
    id = decodeURIComponent(hash.replace(/^#/, ""));
  } catch {
    return null; // a malformed escape: not one of ours
  }
  return id === "comments-section" || /^comment-[\w-]+$/.test(id) ? id : null;
}

/**
 * Looks for the element every 100 ms for up to 5 s; once found, scrolls it into view and
 * highlights it for 2 s. Returns a function that stops the search and removes the highlight.
 */
export function revealHashTarget(id: string): () => void {
  const deadline = Date.now() + HASH_SEARCH_MS;
  let found: HTMLElement | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const attempt = () => {
    found = document.getElementById(id);
    if (!found) {
      if (Date.now() < deadline) timer = setTimeout(attempt, RETRY_EVERY_MS);
      return;
    }
    const calm = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    found.scrollIntoView({ behavior: calm ? "auto" : "smooth", block: "start" });
    found.classList.add(HASH_HIGHLIGHT_CLASS);
    timer = setTimeout(() => found?.classList.remove(HASH_HIGHLIGHT_CLASS), HASH_HIGHLIGHT_MS);
  };
  attempt();

  return () => {
    clearTimeout(timer);
    found?.classList.remove(HASH_HIGHLIGHT_CLASS);
  };
}
