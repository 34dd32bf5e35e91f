import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { VoteButtons } from "../votes/VoteButtons.tsx";
import { CardIcon, CardIconSprite } from "./cardIcons.tsx";

describe("the card icons", () => {
  it("each point at a drawing the sprite holds, once per page however many cards there are", () => {
    const cards = Array.from({ length: 20 }, (_, index) => `Story ${index + 1}`).map((title) => (
      <VoteButtons key={title} state={{ upvotes: 1, downvotes: 0, userVote: "none" }} onVote={() => {}} label={title} />
    ));
    const { container } = render(
      <>
        <CardIconSprite />
        {cards}
        <CardIcon name="message-square" size={14} />
      </>,
    );

    const references = [...container.querySelectorAll("use")].map((use) => use.getAttribute("href") ?? "");
    expect(references).toHaveLength(41);
    for (const reference of new Set(references)) {
      const drawing = container.querySelector(`symbol${reference}`);
      expect(drawing, reference).not.toBeNull();
      // lucide's own drawing: its paths are inside the symbol, not beside each card.
      expect(drawing?.querySelectorAll("path").length).toBeGreaterThan(0);
    }
    expect(container.querySelectorAll("symbol")).toHaveLength(3);
    expect(container.querySelectorAll("path").length).toBe([...container.querySelectorAll("symbol path")].length);
  });
});
