import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AppToaster, AuthProvider } from "@unbiased/web-shared";
import { fail, ok, sampleUser, stubApi, verifyRoute } from "@unbiased/web-shared/test/fakeApi.ts";
import { ACCOUNT_MESSAGES } from "@unbiased/worker-shared/contracts/account";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { YourData } from "./YourData.tsx";

/** Each render with a cache of its own: the delete dialog asks for the reader's ban through SWR. */
function renderYourData() {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={["/profile"]}>
        <AuthProvider>
          <Routes>
            <Route path="/profile" element={<YourData />} />
            <Route path="/" element={<p>home page</p>} />
          </Routes>
          <AppToaster />
        </AuthProvider>
      </MemoryRouter>
    </SWRConfig>,
  );
}

const user = sampleUser("user", { id: "u-ada", name: "Ada Lovelace" });

afterEach(() => vi.restoreAllMocks());

describe("Download my data", () => {
  it("fetches the export with the reader's token and hands it to the browser as a JSON file", async () => {
    localStorage.setItem("token", "t1");
    const requests = stubApi({
      "GET /api/auth/verify": verifyRoute("t1", user),
      "GET /api/auth/me/export": [200, { format: "unbiased247.account-export", profile: { id: "u-ada" } }],
    });
    const created = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:export");
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.href).toBe("blob:export");
      expect(this.download).toBe("unbiased247-my-data.json");
    });
    renderYourData();
    fireEvent.click(screen.getByRole("button", { name: "Download my data" }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.exportReady)).toBeTruthy();
    expect(clicked).toHaveBeenCalledOnce();
    const blob = created.mock.calls[0]?.[0] as Blob;
    expect(JSON.parse(await blob.text())).toMatchObject({ profile: { id: "u-ada" } });
    expect(requests.find((r) => r.path === "/api/auth/me/export")?.token).toBe("t1");
  });

  it("says why when the server refuses", async () => {
    localStorage.setItem("token", "t1");
    stubApi({
      "GET /api/auth/verify": verifyRoute("t1", user),
      "GET /api/auth/me/export": fail(429, "Too many requests. Please try again later."),
    });
    renderYourData();
    fireEvent.click(screen.getByRole("button", { name: "Download my data" }));
    expect(await screen.findByText("Too many requests. Please try again later.")).toBeTruthy();
  });
});

describe("Delete my account", () => {
  const openDialog = async () => {
    fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    return screen.findByRole("dialog", { name: "Delete my account" });
  };

  it("enables Delete only once DELETE is typed, sends the choice, then signs out and goes home", async () => {
    localStorage.setItem("token", "t1");
    const requests = stubApi({
      "GET /api/auth/verify": verifyRoute("t1", user),
      "DELETE /api/auth/me": ok({ deleted: true, comments: "keep" }),
    });
    renderYourData();
    await waitFor(() => expect(requests.some((r) => r.path === "/api/auth/verify")).toBe(true));
    const dialog = await openDialog();
    const submit = within(dialog).getByRole("button", { name: "Delete my account" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const confirm = within(dialog).getByLabelText("Type DELETE to confirm");
    fireEvent.change(confirm, { target: { value: "delete" } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(confirm, { target: { value: "DELETE" } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(within(dialog).getByLabelText(/Keep my comments/));
    fireEvent.click(submit);

    expect(await screen.findByText("home page")).toBeTruthy();
    expect(await screen.findByText(ACCOUNT_MESSAGES.deleted)).toBeTruthy();
    expect(requests.find((r) => r.method === "DELETE")).toMatchObject({
      path: "/api/auth/me",
      token: "t1",
      body: { confirm: "DELETE", comments: "keep" },
    });
    expect(localStorage.getItem("token")).toBeNull();
    // The server ended the sessions itself: no logout call follows.
    expect(requests.some((r) => r.path === "/api/auth/logout")).toBe(false);
  });

  it("shows the server's message when the sign-in is too old, and stays signed in", async () => {
    localStorage.setItem("token", "t1");
    stubApi({
      "GET /api/auth/verify": verifyRoute("t1", user),
      "DELETE /api/auth/me": fail(403, ACCOUNT_MESSAGES.signInAgain),
    });
    renderYourData();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText("Type DELETE to confirm"), { target: { value: "DELETE" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(ACCOUNT_MESSAGES.signInAgain);
    expect(screen.queryByText("home page")).toBeNull();
    expect(localStorage.getItem("token")).toBe("t1");
  });
});

describe("Delete my account, for a banned reader", () => {
  it("says before confirming that the ban outlives the account, and for how long", async () => {
    localStorage.setItem("token", "t1");
    stubApi({
      "GET /api/auth/verify": verifyRoute("t1", user),
      "GET /api/auth/me/ban": ok({ banned: true, banType: "permanent", expiresAt: null }),
    });
    renderYourData();
    fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete my account" });
    const note = await within(dialog).findByRole("note");
    expect(note.textContent).toContain("Your account is banned.");
    expect(note.textContent).toContain("Deleting it does not lift the ban");
    expect(note.textContent).toContain("for 12 months");
  });

  it("says nothing of bans to a reader who is not banned", async () => {
    localStorage.setItem("token", "t1");
    const requests = stubApi({
      "GET /api/auth/verify": verifyRoute("t1", user),
      "GET /api/auth/me/ban": ok({ banned: false, banType: null, expiresAt: null }),
    });
    renderYourData();
    fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete my account" });
    await waitFor(() => expect(requests.map((r) => r.path)).toContain("/api/auth/me/ban"));
    expect(within(dialog).queryByRole("note")).toBeNull();
  });
});
