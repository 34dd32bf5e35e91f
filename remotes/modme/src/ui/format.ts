// Display rules of the ModMe pages (spec §2, §9).
import { COMMENT_PREVIEW_LENGTH, PAGE_WINDOW } from "@unbiased/worker-shared/contracts/moderation";

/** Spec §9 ban expiry: 'Never', 'Expired', hours if under 24, else days. */
export function banExpiry(expiresAt: string | null, now: number = Date.now()): string {
  if (expiresAt === null) return "Never";
  const left = Date.parse(expiresAt) - now;
  if (left <= 0) return "Expired";
  const hours = Math.ceil(left / 3600_000);
  if (hours < 24) return `${hours} ${hours === 1 ? "hour" : "hours"}`;
  const days = Math.ceil(left / 86_400_000);
  return `${days} ${days === 1 ? "day" : "days"}`;
}

/** Spec §2: content cut to 200 characters plus an ellipsis. */
export const preview = (text: string) =>
  text.length > COMMENT_PREVIEW_LENGTH ? `${text.slice(0, COMMENT_PREVIEW_LENGTH)}...` : text;

export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export const dateOnly = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : "Never");

/** Up to five page numbers around the current one (spec §2, §9 "Page-number window 5"). */
export function pageWindow(page: number, totalPages: number, size: number = PAGE_WINDOW): number[] {
  const count = Math.min(size, totalPages);
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** 'Showing x to y of z comments'. */
export function showingText(page: number, limit: number, total: number, noun: string): string {
  if (total === 0) return `Showing 0 to 0 of 0 ${noun}`;
  const from = (page - 1) * limit + 1;
  return `Showing ${from} to ${Math.min(total, page * limit)} of ${total} ${noun}`;
}

export const errorText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;
