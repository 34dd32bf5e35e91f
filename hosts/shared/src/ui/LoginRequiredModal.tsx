import { Link } from "../router.tsx";
import { Modal } from "./Modal.tsx";

export interface LoginRequiredModalProps {
  open: boolean;
  onClose: () => void;
  message?: string;
}

/** Asked of an anonymous reader who tries something that needs an account (spec §2 Modals). */
export function LoginRequiredModal({ open, onClose, message = "Please log in to continue" }: LoginRequiredModalProps) {
  return (
    <Modal open={open} title="Login Required" onClose={onClose}>
      <p>{message}</p>
      <Link className="ui-button ui-button--primary" to="/login" onClick={onClose}>
        Sign in
      </Link>
    </Modal>
  );
}
