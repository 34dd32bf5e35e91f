// Runs beside every e2e test file: a journey that made Chromium report a CSP violation fails, so
// the composed pages' policy (nonces, img-src 'self', form-action) is checked on every journey.
import { afterEach, expect } from "vitest";
import { takeCspViolations } from "./page.ts";

afterEach(() => {
  expect(takeCspViolations(), "Chromium reported Content-Security-Policy violations").toEqual([]);
});
