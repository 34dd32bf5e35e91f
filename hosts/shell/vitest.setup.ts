// Each test starts from a clean page: no rendered trees, stored settings or toasts.
import { cleanup } from "@testing-library/react";
import { toast } from "react-hot-toast";
import { afterEach, vi } from "vitest";

afterEach(() => {
  cleanup();
  toast.remove();
  localStorage.clear();
  document.documentElement.className = "";
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
