import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CommentForm } from "./CommentForm.tsx";
import { tooLongMessage } from "./commentRules.ts";

const renderForm = (kind: "comment" | "reply") => {
  render(<CommentForm kind={kind} submit={vi.fn(() => Promise.resolve())} />);
  const box = screen.getByLabelText(kind === "comment" ? "Add a comment" : "Write a reply");
  const button = screen.getByRole("button", { name: kind === "comment" ? "Post comment" : "Post reply" });
  return { box, button: button as HTMLButtonElement };
};

describe("the 8000-character limit", () => {
  it("says 'Comment must be less than 8000 characters' and turns the counter red past it", () => {
    const { box, button } = renderForm("comment");
    fireEvent.change(box, { target: { value: "a".repeat(8001) } });
    expect(screen.getByRole("alert").textContent).toBe("Comment must be less than 8000 characters");
    const counter = screen.getByText("8001/8000");
    expect(counter.classList.contains("comment-form__counter--over")).toBe(true);
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(box.getAttribute("aria-describedby")).toContain(screen.getByRole("alert").id);
    expect(button.disabled).toBe(true);
  });

  it("says 'Reply must be less than 8000 characters' for a reply", () => {
    const { box } = renderForm("reply");
    fireEvent.change(box, { target: { value: "b".repeat(8050) } });
    expect(screen.getByRole("alert").textContent).toBe("Reply must be less than 8000 characters");
  });

  it("says nothing at 8000 characters, and the message goes once the text is cut back", () => {
    const { box, button } = renderForm("comment");
    fireEvent.change(box, { target: { value: "c".repeat(8001) } });
    expect(screen.queryByRole("alert")).not.toBeNull();
    fireEvent.change(box, { target: { value: "c".repeat(8000) } });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("8000/8000").classList.contains("comment-form__counter--over")).toBe(false);
    expect(box.getAttribute("aria-invalid")).toBeNull();
    expect(button.disabled).toBe(false);
  });
});

describe("tooLongMessage", () => {
  it("measures the trimmed text, as the server does", () => {
    expect(tooLongMessage("comment", `${"d".repeat(8000)}   `)).toBeNull();
    expect(tooLongMessage("comment", "d".repeat(8001))).toBe("Comment must be less than 8000 characters");
    expect(tooLongMessage("reply", "d".repeat(8001))).toBe("Reply must be less than 8000 characters");
  });
});
