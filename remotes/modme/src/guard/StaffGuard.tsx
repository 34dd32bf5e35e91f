// The guard on every /modme route (spec §6): staff only. The server checks the role again on every
// call; this only keeps other readers from a page of tools they cannot use.

import { isStaff, Navigate, Outlet, toast, useAuth, useLocation } from "@unbiased/web-shared";
import { AUTH_MESSAGES } from "@unbiased/worker-shared/contracts/auth";
import { useEffect } from "react";
import { PageFrameView } from "../frame/PageFrameView.tsx";
import { frameForPath, LOADING_AUTHENTICATION } from "../frame/pageFrames.ts";

export const ACCESS_DENIED = AUTH_MESSAGES.staffRequired;

export function StaffGuard() {
  const { user, loading } = useAuth();
  const { pathname } = useLocation();
  if (loading) {
    const frame = frameForPath(pathname);
    // The page's heading as the first HTML showed it (frame/pageFrames.ts), the loading line under it.
    if (frame) return <PageFrameView frame={frame} />;
    return (
      <p className="modme-guard" role="status">
        {LOADING_AUTHENTICATION}
      </p>
    );
  }
  if (!user) return <Navigate to="/login" replace />;
  if (!isStaff(user)) return <AccessDenied />;
  return <Outlet />;
}

function AccessDenied() {
  useEffect(() => {
    // A fixed id: React's development double effects must not show the message twice.
    toast.error(ACCESS_DENIED, { id: "modme-access-denied" });
  }, []);
  return <Navigate to="/" replace />;
}
