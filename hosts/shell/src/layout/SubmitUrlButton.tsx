import { Button, earlyAction, LoginRequiredModal, useAuth } from "@unbiased/web-shared";
import Link2 from "lucide-react/icons/link-2";
import { lazy, Suspense, useState } from "react";

// The form is fetched when first opened: rendering a page never needs it.
const SubmitUrlModal = lazy(() => import("./SubmitUrlModal.tsx").then((m) => ({ default: m.SubmitUrlModal })));

/** Submitting needs an account (spec §6), so an anonymous reader is asked to log in first. */
export function SubmitUrlButton() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      {/* A tap before the app is ready is held and carried out once it is (earlyAction). */}
      <Button variant="secondary" className="submit-url" onClick={() => setOpen(true)} {...earlyAction("submit-url")}>
        <Link2 aria-hidden="true" size={16} />
        <span className="submit-url__label">Submit URL</span>
      </Button>
      {user ? (
        open && (
          <Suspense fallback={null}>
            <SubmitUrlModal open onClose={close} />
          </Suspense>
        )
      ) : (
        <LoginRequiredModal open={open} onClose={close} />
      )}
    </>
  );
}
