// An accessible modal: labelled by its title, focus moves in and is trapped while open, Esc and
// the backdrop close it (unless a step such as submitting forbids closing), and focus returns
// to whatever opened it.

import X from "lucide-react/icons/x";
import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { focusableElements } from "./focusable.ts";

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** False while the content must not be dismissed (e.g. a request in flight). */
  closable?: boolean;
}

export function Modal({ open, title, onClose, children, closable = true }: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  // A layout effect, so focus is inside the dialog in the same commit that shows it: nothing (a
  // keystroke, a screen reader, a test) can see the dialog open with focus still behind it.
  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    (panel && (focusableElements(panel).find((el) => !el.dataset.modalClose) ?? panel))?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden"; // the page behind must not scroll under the modal
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      if (closable) onClose();
    } else if (event.key === "Tab" && panelRef.current) {
      trapTab(event, panelRef.current);
    }
  };

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop is a pointer shortcut only; keyboards close the dialog with Escape (onKeyDown below).
    <div
      className="ui-modal__backdrop"
      role="presentation"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && closable) onClose();
      }}
    >
      <div
        ref={panelRef}
        className="ui-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="ui-modal__header">
          <h2 id={titleId} className="ui-modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="ui-icon-button"
            aria-label="Close"
            data-modal-close="true"
            disabled={!closable}
            onClick={onClose}
          >
            <X aria-hidden="true" size={18} />
          </button>
        </header>
        <div className="ui-modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

/** Keeps Tab and Shift+Tab cycling inside the panel. */
function trapTab(event: KeyboardEvent, panel: HTMLElement) {
  const items = focusableElements(panel);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
