import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { PublicUser, Role } from "@unbiased/worker-shared/contracts/auth";
import { AuthProvider, ThemeProvider, useAuth } from "@unbiased/web-shared";
import { LocationDisplay } from "../test/LocationDisplay.tsx";
import { Header } from "./Header.tsx";

const sampleUser = (role: Role): PublicUser => ({
  id: `u-${role}`,
  name: `Sam ${role}`,
  email: `${role}@example.test`,
  picture: null,
  role,
  createdAt: "2026-01-01T00:00:00.000Z",
});

/** Signs in the way the login page does once the server has issued a token. */
function SignInAs({ role }: { role: Role }) {
  const { login } = useAuth();
  return <button onClick={() => login("token-1", sampleUser(role))}>sign in as {role}</button>;
}

function renderHeader(path = "/category/tech") {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ThemeProvider>
        <AuthProvider>
          <Header />
          <SignInAs role="user" />
          <SignInAs role="moderator" />
          <SignInAs role="admin" />
          <LocationDisplay />
        </AuthProvider>
      </ThemeProvider>
    </MemoryRouter>,
  );
}

const openUserMenu = (name: string) => {
  fireEvent.click(screen.getByRole("button", { name: new RegExp(name) }));
  return screen.getByRole("menu", { name: "Account" });
};

describe("Header", () => {
  it("shows a Login link and no user menu when anonymous", () => {
    renderHeader();
    expect(screen.getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/login");
    expect(screen.queryByRole("button", { name: /Sam/ })).toBeNull();
  });

  it("replaces Login with the user menu once signed in; a plain user gets no ModMe entry", () => {
    renderHeader();
    fireEvent.click(screen.getByText("sign in as user"));
    expect(screen.queryByRole("link", { name: "Login" })).toBeNull();
    const menu = openUserMenu("Sam user");
    expect(within(menu).getByRole("menuitem", { name: "Profile" }).getAttribute("href")).toBe("/profile");
    expect(within(menu).queryByRole("menuitem", { name: "ModMe" })).toBeNull();
  });

  it.each(["moderator", "admin"] as const)("offers ModMe to a %s", (role) => {
    renderHeader();
    fireEvent.click(screen.getByText(`sign in as ${role}`));
    const menu = openUserMenu(`Sam ${role}`);
    expect(within(menu).getByRole("menuitem", { name: "ModMe" }).getAttribute("href")).toBe("/modme");
  });

  it("ticks System Default while the theme follows the system", () => {
    renderHeader();
    fireEvent.click(screen.getByText("sign in as user"));
    const menu = openUserMenu("Sam user");
    expect(within(menu).getByRole("menuitemcheckbox", { name: "System Default" }).getAttribute("aria-checked")).toBe("true");
  });

  it("Logout signs out, clears the token and goes home", () => {
    renderHeader();
    fireEvent.click(screen.getByText("sign in as user"));
    expect(localStorage.getItem("token")).toBe("token-1");
    fireEvent.click(within(openUserMenu("Sam user")).getByRole("menuitem", { name: "Logout" }));
    expect(localStorage.getItem("token")).toBeNull();
    expect(screen.getByTestId("location").textContent).toBe("/");
    expect(screen.getByRole("link", { name: "Login" })).toBeTruthy();
  });

  it("marks the current category in the nav", () => {
    renderHeader("/news/category/tech");
    const nav = screen.getByRole("navigation", { name: "Categories" });
    expect(within(nav).getByRole("link", { name: "Tech" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Latest" }).getAttribute("aria-current")).toBeNull();
  });
});
