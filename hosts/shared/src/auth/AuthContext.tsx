// One auth state for the whole page: the shell mounts the provider and the remotes read it
// through the shared @unbiased/web-shared singleton.

import type { PublicUser, SignedInUser } from "@unbiased/worker-shared/contracts/auth";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import toast from "react-hot-toast";
import { onSessionEnded } from "../api/refresh.ts";
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
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SignedInUser | null>(null);
  const [loading, setLoading] = useState(() => readToken() !== null);
  const restoring = useRef<AbortController | null>(null);

  useEffect(() => {
    if (readToken() === null) return;
    const controller = new AbortController();
    restoring.current = controller;
    restoreSession(controller.signal)
      .then((restored) => {
        if (!controller.signal.aborted) setUser(restored);
      })
      .catch(() => {
        // Unreachable server, unmount, or a login() that took over: the token is kept.
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, []);

  const login = useCallback(async (token: string) => {
    // The new token wins over a start-up check of an older one still in flight (the callback page
    // can mount while it runs), and a ModMe session of whoever was signed in before must not carry over.
    restoring.current?.abort();
    storeToken(token);
    clearAdminSession();
    try {
      const signedIn = await verifyUser(token);
      setUser(signedIn);
      return signedIn;
    } catch (error) {
      clearToken();
      setUser(null);
      throw error;
    } finally {
      setLoading(false);
    }
  }, []);

  const logout = useCallback(() => {
    logoutOnServer(readToken());
    clearToken();
    clearAdminSession();
    setUser(null);
    toast.success("Logged out successfully");
  }, []);

  // Spec §4 "A failed refresh logs out": the API client reports a refused refresh. Only a reader
  // the page shows as signed in is logged out (with the toast); during start-up restoreSession
  // already handles it quietly.
  const signedIn = useRef(false);
  useEffect(() => {
    signedIn.current = user !== null;
  }, [user]);
  useEffect(
    () =>
      onSessionEnded(() => {
        if (signedIn.current) logout();
      }),
    [logout],
  );

  const value = useMemo(() => ({ user, loading, login, logout }), [user, loading, login, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth must be used inside <AuthProvider>");
  return auth;
}

/** Moderators and admins see the staff tools (spec §6: only these two role values are checked). */
export function isStaff(user: PublicUser | null): boolean {
  return user?.role === "moderator" || user?.role === "admin";
}
