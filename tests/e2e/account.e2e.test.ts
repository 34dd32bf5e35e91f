// The profile's 'Your data' in real Chromium against the real stack (ADR 017): 'Download my data' saves
// a JSON file with the signed-in reader's data and nobody else's; 'Delete my account', with DELETE
// typed, signs out, goes home, and the account is gone — but a ban is not: a banned reader who deletes
// their account and signs in again with the same identity is banned again.
import { readFile } from "node:fs/promises";
import type { APIRequestContext } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { LOCAL_MODME_PASSWORD } from "../../scripts/dev-vars.ts";
import { closeBrowser, openPage, type TestPage } from "./page.ts";

afterAll(closeBrowser);

interface SignedIn {
  token: string;
  user: { id: string; name: string; email: string };
}

/**
 * A reader of this test's own (deleting the shared sample accounts would take other tests' data with
 * them), signed in through the API: the token stored as the app stores it, the refresh cookie in the
 * browser context.
 */
async function signInAs(tp: TestPage, name: string, role: "user" | "moderator" = "user"): Promise<SignedIn> {
  const response = await tp.page.request.post(tp.url("/api/auth/dev"), { data: { role, name } });
  const { data } = (await response.json()) as { data: SignedIn };
  await tp.page.goto(tp.url("/"));
  await tp.page.evaluate((token) => localStorage.setItem("token", token), data.token);
  return data;
}

/** A moderator's ModMe token, to approve a comment so that everyone sees it. */
async function modmeToken(tp: TestPage): Promise<string> {
  const moderator = await signInAs(tp, "Account Test Moderator", "moderator");
  const gate = await tp.page.request.post(tp.url("/api/auth/modme"), {
    headers: { Authorization: `Bearer ${moderator.token}` },
    data: { password: LOCAL_MODME_PASSWORD },
  });
  return ((await gate.json()) as { data: { adminToken: string } }).data.adminToken;
}

/** A comment of the reader's on the feed's first article, stored at once (pending until approved). */
async function commentAsReader(tp: TestPage, reader: SignedIn, content: string) {
  const feed = (await (await tp.page.request.get(tp.url("/api/articles?limit=1"))).json()) as {
    data: { id: string }[];
  };
  const articleId = feed.data[0]!.id;
  const posted = await tp.page.request.post(tp.url(`/api/comments/article/${articleId}`), {
    headers: { Authorization: `Bearer ${reader.token}` },
    data: { content },
  });
  expect(posted.status()).toBe(201);
  const { data } = (await posted.json()) as { data: { comment: { id: string } } };
  return { articleId, commentId: data.comment.id };
}

const verify = (request: APIRequestContext, url: string, token: string) =>
  request.get(url, { headers: { Authorization: `Bearer ${token}` } });

describe("the profile's Your data", () => {
  it("'Download my data' saves a JSON file of the reader's own data", async () => {
    const tp = await openPage();
    const other = await signInAs(tp, "Bystander Of The Export");
    const reader = await signInAs(tp, "Downloading Reader");
    const { commentId } = await commentAsReader(tp, reader, "A comment the export must hold");

    await tp.page.goto(tp.url("/profile"));
    await tp.page.getByRole("heading", { name: "Downloading Reader" }).waitFor();
    const download = tp.page.waitForEvent("download");
    await tp.page.getByRole("button", { name: "Download my data" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^unbiased247-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    await tp.page.getByText("Your data has been downloaded").waitFor();

    const text = await readFile((await file.path())!, "utf8");
    const data = JSON.parse(text) as {
      format: string;
      profile: { id: string; email: string; name: string };
      sessions: Record<string, unknown>[];
      comments: { id: string; content: string }[];
    };
    expect(data.format).toBe("unbiased247.account-export");
    expect(data.profile).toMatchObject({ id: reader.user.id, email: reader.user.email, name: "Downloading Reader" });
    expect(data.comments).toEqual([
      expect.objectContaining({ id: commentId, content: "A comment the export must hold" }),
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    for (const session of data.sessions) expect(Object.keys(session)).not.toContain("refreshHash");
    for (const foreign of [other.user.id, other.user.email, "Bystander Of The Export"])
      expect(text).not.toContain(foreign);
    await tp.context.close();
  });

  it("'Delete my account' with DELETE typed signs out, goes home, and the account is gone", async () => {
    const tp = await openPage();
    const adminToken = await modmeToken(tp);
    const reader = await signInAs(tp, "Departing Reader");
    const { articleId, commentId } = await commentAsReader(tp, reader, "A comment that goes with the account");
    const approved = await tp.page.request.put(tp.url(`/api/comments/${commentId}/approve`), {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(approved.status()).toBe(200);
    const thread = async () => (await tp.page.request.get(tp.url(`/api/comments/article/${articleId}`))).text();
    expect(await thread()).toContain(commentId);

    await tp.page.goto(tp.url("/profile"));
    await tp.page.getByRole("heading", { name: "Departing Reader" }).waitFor();
    await tp.page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = tp.page.getByRole("dialog", { name: "Delete my account" });
    const confirm = dialog.getByRole("button", { name: "Delete my account" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Type DELETE to confirm").fill("delete");
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
    expect(await dialog.getByLabel("Delete my comments").isChecked()).toBe(true);
    const answered = tp.page.waitForResponse(
      (r) => r.url().endsWith("/api/auth/me") && r.request().method() === "DELETE",
    );
    await confirm.click();
    expect((await answered).status()).toBe(200);

    await tp.page.waitForURL(tp.url("/"));
    await tp.page.getByText("Your account has been deleted").waitFor();
    await tp.page.getByRole("link", { name: "Login" }).waitFor();
    expect(await tp.page.evaluate(() => localStorage.getItem("token"))).toBeNull();

    // Gone: the old token answers 401, the refresh cookie gets no new one, the comment is no more.
    expect((await verify(tp.page.request, tp.url("/api/auth/verify"), reader.token)).status()).toBe(401);
    expect((await tp.page.request.post(tp.url("/api/auth/refresh"), { data: {} })).status()).toBe(401);
    expect(await thread()).not.toContain(commentId);
    // Signing in again with the same name makes a new account, with nothing of the old one.
    const again = await signInAs(tp, "Departing Reader");
    expect(again.user.id).not.toBe(reader.user.id);
    await tp.context.close();
  });
});

describe("a ban outlives the account", () => {
  /** Deletes the signed-in reader's account through the profile's dialog; returns the dialog's ban note, if any. */
  async function deleteThroughProfile(tp: TestPage, name: string): Promise<string | null> {
    await tp.page.goto(tp.url("/profile"));
    await tp.page.getByRole("heading", { name }).waitFor();
    // The ban note comes with the dialog's one request: wait for its answer before reading the dialog.
    const banAnswered = tp.page.waitForResponse((r) => r.url().endsWith("/api/auth/me/ban"));
    await tp.page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = tp.page.getByRole("dialog", { name: "Delete my account" });
    await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
    await banAnswered;
    // The answer is in; the dialog shows the note once React has rendered it, a frame or so later
    // (reading at once raced that render on a loaded machine). No note within 2 s: none is shown.
    const text = await dialog
      .getByRole("note")
      .textContent({ timeout: 2_000 })
      .catch(() => null);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await tp.page.getByText("Your account has been deleted").waitFor();
    return text;
  }

  /** Writes a comment on an article's page in the UI; returns what the page said. */
  async function commentInPage(tp: TestPage, articleId: string): Promise<string> {
    await tp.page.goto(tp.url(`/article/${articleId}`));
    await tp.page.getByRole("textbox", { name: "Add a comment" }).fill("I am back with something to say.");
    await tp.page.getByRole("button", { name: "Post comment" }).click();
    const said = tp.page.getByText(/Comment submitted|Your account is banned from this action/).first();
    await said.waitFor();
    return (await said.textContent()) ?? "";
  }

  it("bans a reader, who deletes their account, signs in again as the same person and is refused a comment", async () => {
    const tp = await openPage();
    const adminToken = await modmeToken(tp);
    const reader = await signInAs(tp, "Banned Leaver");
    const { articleId, commentId } = await commentAsReader(tp, reader, "Buy cheap followers at my shop");
    const rejected = await tp.page.request.put(tp.url(`/api/comments/${commentId}/reject`), {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { banType: "temporary", hours: 48, reason: "Advertising" },
    });
    expect(rejected.status()).toBe(200);

    const note = await deleteThroughProfile(tp, "Banned Leaver");
    expect(note).toContain("Deleting it does not lift the ban");

    const again = await signInAs(tp, "Banned Leaver");
    expect(again.user.id).not.toBe(reader.user.id);
    expect(await commentInPage(tp, articleId)).toContain("Your account is banned from this action");
    await tp.context.close();
  });

  it("a reader who was never banned does the same and can comment", async () => {
    const tp = await openPage();
    await signInAs(tp, "Free Leaver");
    const feed = (await (await tp.page.request.get(tp.url("/api/articles?limit=1"))).json()) as {
      data: { id: string }[];
    };
    const note = await deleteThroughProfile(tp, "Free Leaver");
    expect(note).toBeNull();
    await signInAs(tp, "Free Leaver");
    expect(await commentInPage(tp, feed.data[0]!.id)).toContain("Comment submitted");
    await tp.context.close();
  });
});
