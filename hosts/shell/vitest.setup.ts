// Each test starts from a clean page: no rendered trees, stored settings or toasts.
import { cleanup } from "@testing-library/react";
import {
  resetAuthForTests,
  resetPageCacheForTests,
  resetThemeForTests,
} from "@unbiased/web-shared/test/resetForTests.ts";
import { toast } from "react-hot-toast";
import { afterEach, vi } from "vitest";

afterEach(() => {
  cleanup();
  toast.remove();
  localStorage.clear();
  // The page-wide stores are module singletons (one per page in the browser): each test is a new page.
  resetAuthForTests();
  resetThemeForTests();
  resetPageCacheForTests();
  document.documentElement.className = "";
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
