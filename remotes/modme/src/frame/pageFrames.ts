// The first screen of each ModMe page, its title and note, in one table. The pages show them; the
// guard shows them while the stored session is checked; and ModMe's Worker sends them for the page's
// first HTML (docs/decisions/024-modme-first-html.md), so a staff member sees the page's heading with
// the first paint instead of an empty column, and nothing below the header moves when ModMe loads.
// Plain TypeScript with no React: the Worker imports it too.

import { APPROVED_TAB_DAYS } from "@unbiased/worker-shared/contracts/moderation";

export interface PageFrame {
  /** The route under /modme, as App.tsx declares it ("" for the dashboard, ":name" for a parameter). */
  path: string;
  title: string;
  note?: string;
  /** Tool pages lead with a link back to the dashboard (ModmePage's breadcrumb). */
  breadcrumb: boolean;
}

export const PAGE_FRAMES = {
  dashboard: { path: "", title: "ModMe", note: "Moderation tools for comments, users and queues.", breadcrumb: false },
  login: {
    path: "login",
    title: "ModMe Login",
    note: "Enter the moderation password to open the moderation tools for 24 hours.",
    breadcrumb: false,
  },
  comments: {
    path: "comments",
    title: "Comment Moderation",
    note: `Approve or reject new comments; deactivate approved ones (the Approved tab lists the last ${APPROVED_TAB_DAYS} days' approvals).`,
    breadcrumb: true,
  },
  bans: {
    path: "bans",
    title: "User Bans",
    note: "Active bans. Temporary bans end on their own at their expiry time.",
    breadcrumb: true,
  },
  reports: { path: "reports", title: "Comment Reports", note: "Reports from readers, newest first.", breadcrumb: true },
  reputation: {
    path: "reputation",
    title: "User Reputation",
    note: "Tiers: 10 or more Trusted User; 5 to 9 Established User; 0 to 4 New User; below 0 Restricted User.",
    breadcrumb: true,
  },
  queues: { path: "queues", title: "Queue Status", breadcrumb: true },
  users: { path: "users", title: "User Management", breadcrumb: true },
  userComments: { path: "user/:userId/comments", title: "User Comments", breadcrumb: true },
  log: { path: "log", title: "Moderation Log", note: "Every moderation action, newest first.", breadcrumb: true },
} as const satisfies Record<string, PageFrame>;

/** What the guard says while the stored session is checked (spec: the guard on all /modme routes). */
export const LOADING_AUTHENTICATION = "Loading authentication...";

const FRAMES: readonly PageFrame[] = Object.values(PAGE_FRAMES);

/** The frame of a ModMe path (a trailing slash allowed), or null for a path no ModMe page has. */
export function frameForPath(pathname: string): PageFrame | null {
  const rest = pathname.replace(/\/+$/, "");
  if (rest !== "/modme" && !rest.startsWith("/modme/")) return null;
  const segments = rest.split("/").slice(2);
  return (
    FRAMES.find((frame) => {
      const pattern = frame.path === "" ? [] : frame.path.split("/");
      return (
        pattern.length === segments.length &&
        pattern.every((part, i) => (part.startsWith(":") ? segments[i] !== "" : part === segments[i]))
      );
    }) ?? null
  );
}

// As React escapes text, apostrophe included: the frame must be the guard's markup byte for byte.
const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

/**
 * The frame as HTML: the heading block of the page (the same classes as ModmePage and the gate, so the
 * shell's styles place it where the page's own heading will be) and the guard's loading line. The
 * same string is the first HTML's and the guard's (StaffGuard), so mounting ModMe changes nothing on
 * screen until the session is known. Styled by the shell's CSS alone: ModMe's stylesheet loads later.
 */
export function frameHtml(frame: PageFrame): string {
  const breadcrumb = frame.breadcrumb
    ? `<nav aria-label="Breadcrumb" class="modme-breadcrumb"><a class="modme-back" href="/modme">ModMe dashboard</a></nav>`
    : "";
  const note = frame.note ? `<p class="ui-page__note">${escapeHtml(frame.note)}</p>` : "";
  return (
    `<section class="modme-frame" aria-busy="true">${breadcrumb}` +
    `<header class="modme-page__header"><div><h1>${escapeHtml(frame.title)}</h1>${note}</div></header>` +
    `<p class="modme-guard" role="status">${LOADING_AUTHENTICATION}</p></section>`
  );
}
