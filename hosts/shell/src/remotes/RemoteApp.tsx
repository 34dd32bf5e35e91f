import { Spinner, useLocation } from "@unbiased/web-shared";
import { Suspense, useReducer } from "react";
import { RemoteErrorBoundary } from "./RemoteErrorBoundary.tsx";
import type { RemoteName } from "./remoteManifest.ts";
import { remoteSlot, retryRemote } from "./remoteSlots.ts";

/** Renders a remote's route tree inside the shell's router, loading the remote on first use. */
export function RemoteApp({ name }: { name: RemoteName }) {
  const { pathname } = useLocation();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const { attempt, App } = remoteSlot(name);

  const retry = () => {
    retryRemote(name);
    rerender();
  };

  return (
    // A new key per attempt gives the boundary a clean slate for the new lazy component.
    <RemoteErrorBoundary key={attempt} onRetry={retry} resetKey={pathname}>
      <Suspense
        fallback={
          <div className="remote-loading">
            <Spinner label="Loading section…" />
          </div>
        }
      >
        <App />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
