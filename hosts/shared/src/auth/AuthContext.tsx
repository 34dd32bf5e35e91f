// One auth state for the whole page, held in a module-level store of @unbiased/web-shared (one
// Module Federation singleton): the shell's roots and each remote's root are separate React roots
// (docs/decisions/016-fragments.md), so a React context could not reach across them. Components
// read the store with useSyncExternalStore; while a server-rendered page hydrates they read the
// server's snapshot (signed out), which is what the server rendered.

import { isStaffRole, type PublicUser, type SignedInUser } from "@unbiased/worker-shared/contracts/auth";
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from "react";
import { onSessionEnded } from "../api/refresh.ts";
import { setSessionGate } from "../earlyInput/replay.ts";
import { toast } from "../toast/toast.ts";
import { clearAdminSession } from "./adminSession.ts";
import { logoutOnServer, restoreSession, verifyUser } from "./session.ts";
import { clearToken, readToken, storeToken } from "./tokenStorage.ts";

export interface AuthState {
  user: SignedInUser | null;
  /** True until the stored token (if any) has been verified. */
  loading: boolean;
  /**
   * Stores a token the server issued, verifies it and resolves to its user. If the server refuses
   * it, the token is removed again and the error is rethrown for the page to report.
   */
  login(token: string): Promise<SignedInUser>;
  /** Closes the session, forgets every token and says 'Logged out successfully' (spec §4). */
  logout(): void;
  /**
   * After the server itself ended every session (a deleted account): forgets every token without a
   * logout call, and says `notice`.
   */
  endSession(notice: string): void;
}

type Snapshot = Pick<AuthState, "user" | "loading">;

/** What the server renders: a first-time visitor, signed out. */
const SERVER_SNAPSHOT: Snapshot = { user: null, loading: false };

const hasStoredToken = () => typeof localStorage !== "undefined" && readToken() !== null;

/**
 * Made on first read, so a page (or a test) that stores a token before rendering starts out loading.
 * A visitor with no token is in the server's state, and gets the server's snapshot object itself:
 * useSyncExternalStore compares snapshots by identity, and after hydrating with the server's it
 * re-renders every reader of the store at once, in one task, when the browser's is another object
 * (even an equal one) — every card's vote buttons, every header control, right as the page is ready.
 */
let snapshot: Snapshot | null = null;
const current = (): Snapshot => {
  snapshot ??= hasStoredToken() ? { user: null, loading: true } : SERVER_SNAPSHOT;
  return snapshot;
};
let started = false;
let watchingSession = false;
let restoring: AbortController | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function update(next: Partial<Snapshot>): void {
  snapshot = { ...current(), ...next };
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Verifies the stored token once per page, however many roots mount an AuthProvider. */
function start(): void {
  if (started) return;
  started = true;
  // Spec §4 "A failed refresh logs out": only a reader the page shows as signed in is logged out
  // (with the toast); during start-up restoreSession already handles it quietly.
  if (!watchingSession) {
    watchingSession = true;
    onSessionEnded(() => {
      if (current().user) logout();
    });
  }
  if (readToken() === null) {
    // Nothing to check: whoever waits for the session (whenSessionKnown) learns it now.
    notify();
    return;
  }
  const controller = new AbortController();
  restoring = controller;
  update({ loading: true });
  restoreSession(controller.signal)
    .then((restored) => {
      if (!controller.signal.aborted) update({ user: restored });
    })
    .catch(() => {
      // Unreachable server, or a login() that took over: the token is kept.
    })
    .finally(() => {
      if (!controller.signal.aborted) update({ loading: false });
    });
}

async function login(token: string): Promise<SignedInUser> {
  // The new token wins over a start-up check of an older one still in flight (the callback page can
  // mount while it runs), and a ModMe session of whoever was signed in before must not carry over.
  restoring?.abort();
  storeToken(token);
  clearAdminSession();
  try {
    const signedIn = await verifyUser(token);
    update({ user: signedIn });
    return signedIn;
  } catch (error) {
    clearToken();
    update({ user: null });
    throw error;
  } finally {
    update({ loading: false });
  }
}

function logout(): void {
  logoutOnServer(readToken());
  forget("Logged out successfully");
}

function forget(notice: string): void {
  clearToken();
  clearAdminSession();
  update({ user: null });
  toast.success(notice);
}

/**
 * Resolves to the signed-in reader, or null, once the page knows which: after the stored token (if
 * any) has been checked. Taps held before hydration wait for it (earlyInput/replay.ts).
 */
export function whenSessionKnown(): Promise<SignedInUser | null> {
  return new Promise((resolve) => {
    const check = () => {
      if (!started || current().loading) return false;
      listeners.delete(check);
      resolve(current().user);
      return true;
    };
    if (!check()) listeners.add(check);
  });
}
setSessionGate(whenSessionKnown);

/** Starts the page's auth state (verifying a stored token). Every root may mount one: it starts once. */
export function AuthProvider({ children }: { children: ReactNode }) {
  useEffect(start, []);
  return children;
}

export function useAuth(): AuthState {
  const state = useSyncExternalStore(subscribe, current, () => SERVER_SNAPSHOT);
  return useMemo(() => ({ ...state, login, logout, endSession: forget }), [state]);
}

/** Tests only: a fresh page's auth state (the store is a module singleton). */
export function resetAuthForTests(): void {
  restoring?.abort();
  restoring = null;
  started = false;
  snapshot = null;
  for (const listener of listeners) listener();
}

/** Moderators and admins see the staff tools (spec §6: only these two role values are checked). */
export function isStaff(user: PublicUser | null): boolean {
  return isStaffRole(user?.role);
}
