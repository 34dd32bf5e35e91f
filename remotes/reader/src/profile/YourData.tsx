// Profile 'Your data' (ADR 017): download everything stored about the reader as a JSON file,
// or delete the account (DeleteAccountDialog). What each does is said on the privacy page.
import { ApiRequestError, Button, Link, toast } from "@unbiased/web-shared";
import { ACCOUNT_MESSAGES } from "@unbiased/worker-shared/contracts/account";
import { useState } from "react";
import { downloadMyData } from "./accountApi.ts";
import { DeleteAccountDialog } from "./DeleteAccountDialog.tsx";

export function YourData() {
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData();
      toast.success(ACCOUNT_MESSAGES.exportReady);
    } catch (error) {
      toast.error(error instanceof ApiRequestError ? error.message : ACCOUNT_MESSAGES.exportFailed);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="profile-page__data your-data" aria-labelledby="your-data">
      <h2 id="your-data">Your data</h2>
      <p className="ui-page__note">
        Download everything we store about you as a JSON file, or delete your account. The{" "}
        <Link to="/privacy">privacy policy</Link> says what each includes.
      </p>
      <div className="your-data__actions">
        <Button onClick={() => void download()} disabled={downloading} aria-busy={downloading}>
          {downloading ? "Preparing your file…" : "Download my data"}
        </Button>
        <Button className="your-data__delete" onClick={() => setDeleting(true)}>
          Delete my account
        </Button>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
