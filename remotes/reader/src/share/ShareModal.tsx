// Its stylesheet is imported by dialogs/onDemand.tsx, so it stays in the page's CSS (see there).
import { Button, Modal, toast } from "@unbiased/web-shared";
import Check from "lucide-react/icons/check";
import Copy from "lucide-react/icons/copy";
import Share2 from "lucide-react/icons/share-2";
import { useEffect, useState } from "react";
import { shareLinks, shareText } from "./shareLinks.ts";

/** Spec §2: the copied state resets after 2 s. */
export const COPIED_RESET_MS = 2000;

interface ShareModalProps {
  open: boolean;
  onClose(): void;
  title: string;
  /** The address to share: the article's canonical page. */
  url: string;
}

/** Share article (spec §2 Modals): copy, native share, e-mail, SMS, Twitter, Facebook, LinkedIn. */
export function ShareModal({ open, onClose, title, url }: ShareModalProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      toast.error("Failed to copy to clipboard");
    }
  };

  const shareNatively = async () => {
    if (typeof navigator.share !== "function") {
      toast.error("Native sharing not supported on this device");
      return;
    }
    try {
      await navigator.share({ title: shareText(title), text: shareText(title), url });
    } catch (error) {
      // Dismissing the system sheet is a choice, not a failure.
      if (!(error instanceof DOMException && error.name === "AbortError"))
        toast.error("Native sharing not supported on this device");
    }
  };

  return (
    <Modal open={open} title="Share article" onClose={onClose}>
      <p className="share-modal__title">{title}</p>
      <div className="share-modal__primary">
        <Button variant="primary" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
          Copy link
        </Button>
        <Button onClick={() => void shareNatively()}>
          <Share2 aria-hidden="true" size={16} />
          Share via device
        </Button>
      </div>
      <p className="share-modal__status" role="status">
        {copied ? "Copied to clipboard!" : ""}
      </p>
      <ul className="share-modal__links" aria-label="Share to">
        {shareLinks(title, url).map((link) => (
          <li key={link.label}>
            <a
              className="ui-button"
              href={link.href}
              {...(link.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            >
              {link.label}
              {link.external && <span className="visually-hidden"> (opens in a new tab)</span>}
            </a>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
