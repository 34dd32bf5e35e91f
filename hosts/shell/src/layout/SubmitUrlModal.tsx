import { Button, Modal } from "@unbiased/web-shared";

/** The frame of the Submit URL dialog (spec §2 Modals); the form itself arrives with submissions. */
export function SubmitUrlModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="Submit URL" onClose={onClose}>
      <p>Found a newsworthy story? Share its address and we will summarise it for everyone.</p>
      <p className="ui-page__note">This form is being built.</p>
      <Button onClick={onClose}>Close</Button>
    </Modal>
  );
}
