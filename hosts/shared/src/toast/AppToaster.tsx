// The page's one toaster, in the shell's bottom part: nothing until a toast is first asked for, then the
// real one (ToastList), whose code the reader's first press has usually fetched already (preloadToastsOnFirstInput).
import { lazy, Suspense, useSyncExternalStore } from "react";
import { onToastsRequested, toastsRequested } from "./toast.ts";

const ToastList = lazy(() => import("./ToastList.tsx").then((module) => ({ default: module.ToastList })));

export function AppToaster() {
  const requested = useSyncExternalStore(onToastsRequested, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
