import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { loadRemoteApp } from "./loadRemoteApp.ts";
import { RemoteApp } from "./RemoteApp.tsx";

// The Module Federation loader is replaced: these tests are about what the shell does when a
// remote cannot be fetched, not about the network.
vi.mock("./loadRemoteApp.ts", () => ({ loadRemoteApp: vi.fn() }));

describe("RemoteApp", () => {
  it("shows an error panel when the remote fails, and Retry loads it again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // React logs the caught error
    const load = vi.mocked(loadRemoteApp);
    load.mockRejectedValueOnce(new Error("Failed to fetch dynamically imported module"));
    load.mockResolvedValueOnce(() => <p>reader loaded</p>);

    render(
      <MemoryRouter>
        <RemoteApp name="reader" />
      </MemoryRouter>,
    );

    expect(await screen.findByText("This section could not be loaded.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("reader loaded")).toBeTruthy();
    expect(load).toHaveBeenNthCalledWith(1, "reader", 0);
    expect(load).toHaveBeenNthCalledWith(2, "reader", 1);
  });
});
