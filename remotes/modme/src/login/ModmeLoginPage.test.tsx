import { fireEvent, render, screen } from "@testing-library/react";
import { AppToaster } from "@unbiased/web-shared";
import { storeAdminSession } from "@unbiased/web-shared/admin";
import { fail, ok, stubApi } from "@unbiased/web-shared/test/fakeApi.ts";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ModmeLoginPage } from "./ModmeLoginPage.tsx";

function renderGate() {
  render(
    <MemoryRouter initialEntries={["/modme/login"]}>
      <Routes>
        <Route path="/modme/login" element={<ModmeLoginPage />} />
        <Route path="/modme/comments" element={<p>comments page</p>} />
      </Routes>
      <AppToaster />
    </MemoryRouter>,
  );
}

/** The server's gate: only "right" opens it. */
const stubGate = () =>
  stubApi({
    "POST /api/auth/modme": ({ body }) =>
      (body as { password: string }).password === "right"
        ? ok({ adminToken: "admin-1", expiresAt: new Date(Date.now() + 86_400_000).toISOString() })
        : fail(403, "Incorrect password"),
  });

const submit = (password: string) => {
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Enter ModMe" }));
};

describe("the ModMe password gate", () => {
  it("shows 'Incorrect password' for a wrong one, on the field, and opens nothing", async () => {
    localStorage.setItem("token", "t1");
    const requests = stubGate();
    renderGate();
    submit("wrong");
    const error = await screen.findByRole("alert");
    expect(error.textContent).toBe("Incorrect password");
    expect(screen.getByLabelText("Password").getAttribute("aria-describedby")).toBe(error.id);
    expect(localStorage.getItem("adminToken")).toBeNull();
    // The gate is checked by the server with the reader's own token.
    expect(requests[0]).toMatchObject({ path: "/api/auth/modme", token: "t1", body: { password: "wrong" } });
  });

  it("opens the admin session with the right one and goes to /modme/comments", async () => {
    stubGate();
    renderGate();
    submit("right");
    expect(await screen.findByText("comments page")).toBeTruthy();
    expect(await screen.findByText("Moderation access granted!")).toBeTruthy();
    expect(localStorage.getItem("adminToken")).toBe("admin-1");
    expect(Number(localStorage.getItem("adminLoginTime"))).toBeGreaterThan(Date.now() - 5_000);
  });

  it("shows the server's own text for other refusals (too many tries)", async () => {
    stubApi({ "POST /api/auth/modme": fail(429, "Too many attempts. Try again in 15 minutes.") });
    renderGate();
    submit("again");
    expect((await screen.findByRole("alert")).textContent).toBe("Too many attempts. Try again in 15 minutes.");
  });

  it("skips the gate while an admin session under 24 h old exists", () => {
    storeAdminSession("admin-1");
    renderGate();
    expect(screen.getByText("comments page")).toBeTruthy();
  });

  it("toggles the password's visibility", () => {
    renderGate();
    const toggle = screen.getByRole("button", { name: "Show password" });
    expect(screen.getByLabelText("Password").getAttribute("type")).toBe("password");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByLabelText("Password").getAttribute("type")).toBe("text");
  });
});
