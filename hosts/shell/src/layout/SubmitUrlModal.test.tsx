import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AuthProvider } from "@unbiased/web-shared";
import {
  fail,
  ok,
  type RecordedRequest,
  type Route,
  sampleUser,
  stubApi,
  verifyRoute,
} from "@unbiased/web-shared/test/fakeApi.ts";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { SubmitUrlButton } from "./SubmitUrlButton.tsx";

const SUCCESS = "Thank you! Your URL has been submitted for processing.";

let requests: RecordedRequest[];

/** A signed-in reader whose POST /api/submissions/url is answered by `submission`. */
function serve(submission: Route) {
  localStorage.setItem("token", "t-user");
  requests = stubApi({
    "GET /api/auth/verify": verifyRoute("t-user", sampleUser("user")),
    "POST /api/submissions/url": submission,
  });
}

async function openModal() {
  render(
    <MemoryRouter>
      <AuthProvider>
        <SubmitUrlButton />
      </AuthProvider>
    </MemoryRouter>,
  );
  await screen.findByRole("button", { name: "Submit URL" });
  // The stored token is verified first; until then the reader counts as anonymous.
  await waitFor(() => expect(requests.some((request) => request.path === "/api/auth/verify")).toBe(true));
  await act(async () => {});
  fireEvent.click(screen.getByRole("button", { name: "Submit URL" }));
  // The form is loaded on first open, so it appears a moment after the click.
  const dialog = await screen.findByRole("dialog", { name: "Submit URL" });
  return {
    dialog,
    input: within(dialog).getByLabelText("URL") as HTMLInputElement,
    submit: within(dialog).getByRole("button", { name: "Submit" }),
  };
}

const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
const submissions = () => requests.filter((request) => request.path === "/api/submissions/url");

/** A reply the test releases when it is ready: the modal stays in its submitting state until then. */
function deferredReply() {
  let release!: (reply: readonly [number, unknown]) => void;
  const reply = new Promise<readonly [number, unknown]>((resolve) => (release = resolve));
  return { route: (() => reply) as Route, release };
}

beforeEach(() => serve(ok({ submissionId: "s1", status: "queued" })));

describe("the Submit URL modal", () => {
  it("invites a newsworthy URL, with one required URL input, Submit and Cancel", async () => {
    const { dialog, input } = await openModal();
    expect(within(dialog).getByText(/newsworthy/).textContent).toMatch(/process/);
    expect(input.type).toBe("url");
    expect(input.required).toBe(true);
    expect(document.activeElement).toBe(input);
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeTruthy();
  });

  it("disables Submit while the URL is blank and says 'Please enter a URL' once the field is emptied", async () => {
    const { dialog, input, submit } = await openModal();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).queryByRole("alert")).toBeNull(); // not before the reader has typed

    type(input, "https://news.example/a");
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    type(input, "   ");
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByRole("alert").textContent).toBe("Please enter a URL");
    expect(input.getAttribute("aria-invalid")).toBe("true");

    fireEvent.submit(input.form!); // Enter, were the browser to submit anyway
    expect(within(dialog).getByRole("alert").textContent).toBe("Please enter a URL");
    expect(submissions()).toHaveLength(0);
  });

  it("sends the trimmed URL with the reader's token, and blocks every way out while submitting", async () => {
    const { route, release } = deferredReply();
    serve(route);
    const { dialog, input, submit } = await openModal();
    type(input, "  https://news.example/story  ");
    fireEvent.click(submit);

    await waitFor(() => expect(submissions()).toHaveLength(1));
    expect(submissions()[0]).toMatchObject({
      method: "POST",
      token: "t-user",
      body: { url: "https://news.example/story" },
    });
    expect(input.disabled).toBe(true);
    expect((within(dialog).getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole("button", { name: "Close" }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole("button", { name: "Submitting…" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: "Escape" });
    fireEvent.mouseDown(dialog.parentElement!);
    expect(screen.getByRole("dialog", { name: "Submit URL" })).toBe(dialog);

    await act(async () => release([202, { success: true, data: { submissionId: "s1", status: "queued" } }]));
    await within(dialog).findByText(SUCCESS);
  });

  it("thanks the reader, clears the input and closes 1 s later", async () => {
    const { dialog, input, submit } = await openModal();
    type(input, "https://news.example/story");
    fireEvent.click(submit);
    await within(dialog).findByText(SUCCESS);
    const shownAt = Date.now();
    expect(within(dialog).getByRole("status").textContent).toBe(SUCCESS);
    expect(input.value).toBe("");
    expect(within(dialog).queryByRole("alert")).toBeNull();

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 2000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(900);

    fireEvent.click(screen.getByRole("button", { name: "Submit URL" }));
    const reopened = await screen.findByRole("dialog", { name: "Submit URL" });
    expect(within(reopened).getByRole("status").textContent).toBe("");
  });

  it("says the same thanks for a URL that is already an article", async () => {
    serve(ok({ submissionId: "s2", status: "duplicate", articleId: "a1" }));
    const { dialog, input, submit } = await openModal();
    type(input, "https://news.example/known");
    fireEvent.click(submit);
    await within(dialog).findByText(SUCCESS);
  });

  it.each([
    [
      "a malformed or private URL (400)",
      fail(400, "Only public http(s) URLs can be submitted"),
      "Only public http(s) URLs can be submitted",
    ],
    ["a banned reader (403)", fail(403, "Your account is banned"), "Your account is banned"],
    [
      "too many submissions (429)",
      fail(429, "Too many requests. Please try again later."),
      "Too many requests. Please try again later.",
    ],
    ["a server failure (500)", fail(500, "Internal error"), "Failed to submit URL"],
    ["a reply that is not JSON", [502, "Bad gateway"] as const, "Failed to submit URL"],
  ])("shows the server's reason or 'Failed to submit URL' for %s, and keeps the URL", async (_case, reply, message) => {
    serve(reply);
    const { dialog, input, submit } = await openModal();
    type(input, "https://news.example/story");
    fireEvent.click(submit);
    expect((await within(dialog).findByRole("alert")).textContent).toBe(message);
    expect(input.value).toBe("https://news.example/story");
    expect(input.disabled).toBe(false);

    type(input, "https://news.example/other"); // editing clears the stale message
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });

  it("says 'Failed to submit URL. Please try again.' when the server cannot be reached", async () => {
    serve(() => {
      throw new TypeError("Failed to fetch");
    });
    const { dialog, input, submit } = await openModal();
    type(input, "https://news.example/story");
    fireEvent.click(submit);
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Failed to submit URL. Please try again.");
  });

  it("Cancel closes without sending and forgets what was typed", async () => {
    const { dialog, input } = await openModal();
    type(input, "https://news.example/story");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(submissions()).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Submit URL" }));
    expect((within(screen.getByRole("dialog")).getByLabelText("URL") as HTMLInputElement).value).toBe("");
  });
});
