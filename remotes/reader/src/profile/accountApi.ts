// The profile's "Your data" calls (ADR 017): the export, downloaded as the file the server names, the
// reader's own ban (the delete dialog says a ban outlives the account), and the account deletion.
import { apiDownload, apiFetch } from "@unbiased/web-shared";
import {
  ACCOUNT_BAN_PATH,
  ACCOUNT_EXPORT_PATH,
  ACCOUNT_PATH,
  type AccountDeletionRequest,
  type AccountDeletionResult,
  type CommentChoice,
  DELETE_CONFIRMATION,
  type OwnBan,
} from "@unbiased/worker-shared/contracts/account";
import type { ApiSuccess } from "@unbiased/worker-shared/contracts/envelope";

/** Used when the server names no file. */
const FALLBACK_FILENAME = "unbiased247-my-data.json";

/** Fetches the export and hands it to the browser as a download. */
export async function downloadMyData(): Promise<void> {
  const { blob, filename } = await apiDownload(ACCOUNT_EXPORT_PATH);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = filename ?? FALLBACK_FILENAME;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has started the download; revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

export async function deleteMyAccount(comments: CommentChoice): Promise<AccountDeletionResult> {
  const body: AccountDeletionRequest = { confirm: DELETE_CONFIRMATION, comments };
  return (await apiFetch<ApiSuccess<AccountDeletionResult>>(ACCOUNT_PATH, { method: "DELETE", body })).data;
}

export async function fetchOwnBan(): Promise<OwnBan> {
  return (await apiFetch<ApiSuccess<OwnBan>>(ACCOUNT_BAN_PATH)).data;
}
