import { ApiRequestError } from "@unbiased/web-shared";
import { REPORT_REASONS } from "@unbiased/worker-shared/contracts/articles";
import { describe, expect, it } from "vitest";
import { checkReport, reportFailureMessage } from "./reportRules.ts";

describe("REPORT_REASONS", () => {
  it("are the eight options of spec §5, 'Other' last", () => {
    expect(REPORT_REASONS).toEqual([
      "Spam or misleading content",
      "Harassment or hate speech",
      "Violence or threats",
      "False information",
      "Inaccurate Information",
      "Inappropriate content",
      "Copyright violation",
      "Other",
    ]);
  });
});

describe("checkReport", () => {
  it("sends a listed reason as it is", () => {
    expect(checkReport("Violence or threats", "")).toEqual({ ok: true, reason: "Violence or threats" });
  });

  it("sends the trimmed details for 'Other'", () => {
    expect(checkReport("Other", "  Wrong photo caption  ")).toEqual({ ok: true, reason: "Wrong photo caption" });
  });

  it.each([
    ["no reason chosen", "", ""],
    ["'Other' without details", "Other", ""],
    ["'Other' with only spaces", "Other", "     "],
    ["'Other' with under 3 characters once trimmed", "Other", "  ab "],
  ])("refuses %s with the spec's message", (_, choice, details) => {
    expect(checkReport(choice, details)).toEqual({
      ok: false,
      message: "Please provide a reason for reporting (minimum 3 characters)",
    });
  });

  it("accepts exactly 3 characters", () => {
    expect(checkReport("Other", " abc ")).toEqual({ ok: true, reason: "abc" });
  });
});

describe("reportFailureMessage", () => {
  const fallback = "Failed to report article";

  it("shows what the server refused", () => {
    expect(reportFailureMessage(new ApiRequestError("You have already reported this article", 409), fallback)).toBe(
      "You have already reported this article",
    );
  });

  it("falls back when the server itself failed", () => {
    expect(reportFailureMessage(new ApiRequestError("Request failed (HTTP 502)", 502), fallback)).toBe(fallback);
    expect(reportFailureMessage(new Error("boom"), fallback)).toBe(fallback);
  });

  it("asks to try again when the server could not be reached", () => {
    expect(
      reportFailureMessage(new ApiRequestError("Network error: the server could not be reached.", 0), fallback),
    ).toBe("Failed to submit report. Please try again.");
  });
});
