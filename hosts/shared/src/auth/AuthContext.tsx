// One auth state for the whole page: the shell mounts the provider and the remotes read it
// through the shared @unbiased/web-shared singleton.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import toast from "react-hot-toast";
import type { PublicUser } from "@unbiased/worker-shared/contracts/auth";
import type { ApiSuccess } from "@unbiased/worker-shared/contracts/envelope";
import { apiFetch } from "../api/client.ts";
import { clearToken, readToken, storeToken } from "./tokenStorage.ts";

export interface AuthState {
  user: PublicUser | null;
  /** True until the stored token (if any) has been verified. */
  loading: boolean;
  login(token: string, user: PublicUser): void;
  logout(): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<PublicUser | null>(null);
  const [loading, setLoading] = useState(() => readToken() !== null);

  useEffect(() => {
    if (readToken() === null) return;
    const controller = new AbortController();
    apiFetch<ApiSuccess<{ user: PublicUser }>>("/api/auth/verify", { signal: controller.signal })
      .then((body) => setUser(body.data.user))
      .catch(() => {
        // A token the server no longer accepts is worthless; an unmount abort is not a verdict.
        if (!controller.signal.aborted) clearToken();
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, []);

  const login = useCallback((token: string, nextUser: PublicUser) => {
    storeToken(token);
    setUser(nextUser);
    setLoading(false);
  }, []);

  const logout = useCallback(() => {
    clearToken();
    setUser(null);
    toast.success("Logged out successfully");
  }, []);

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
