// The page's one toaster (spec §9: top-right, 4 s default and error, 2 s success, loading until
// dismissed, at most 20 at a time), loaded only when a toast is first asked for (AppToaster.tsx).
import { useEffect } from "react";
import { Toaster, toast, useToasterStore } from "react-hot-toast";

export const MAX_VISIBLE_TOASTS = 20;

/**
 * react-hot-toast has no public limit option, so the oldest visible toasts beyond the limit are
 * dismissed (with their exit animation). The store lists the newest first.
 */
export function useToastLimit(limit: number = MAX_VISIBLE_TOASTS): void {
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const extra of toasts.filter((t) => t.visible).slice(limit)) toast.dismiss(extra.id);
  }, [toasts, limit]);
}

export function ToastList() {
  useToastLimit();
  return (
    <Toaster
      position="top-right"
      toastOptions={{
        duration: 4000,
        className: "toast",
        success: { duration: 2000 },
        error: { duration: 4000 },
        loading: { duration: Infinity },
      }}
    />
  );
}
