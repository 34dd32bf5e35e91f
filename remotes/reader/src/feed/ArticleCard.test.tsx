import { render, screen, within } from "@testing-library/react";
import { AuthProvider } from "@unbiased/web-shared";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubArticleApi } from "../test/stubArticleApi.ts";
import { testArticle } from "../test/testArticle.ts";
import { ArticleCard } from "./ArticleCard.tsx";

const renderCard = (article = testArticle()) =>
  render(
    <AuthProvider>
      <MemoryRouter>
        <ArticleCard article={article} />
      </MemoryRouter>
    </AuthProvider>,
  );

describe("ArticleCard", () => {
  // The card's vote buttons ask the voting service for counts; nothing leaves the test.
  beforeEach(() => void stubArticleApi());
  afterEach(() => vi.unstubAllGlobals());

  it("links the title to /article/{slug}/{id}", () => {
    renderCard();
    const link = screen.getByRole("link", { name: "Seville turns libraries into shelters from the heat" });
    expect(link.getAttribute("href")).toBe("/article/seville-turns-libraries-into-shelters-from-the-heat/art-42");
  });

  it("shows the domain, the relative time with the full timestamp as its title, and the TLDR", () => {
    const article = testArticle();
    renderCard(article);
    expect(screen.getByText("civicdispatch.example")).toBeTruthy();
    const time = screen.getByText("3 h ago");
    expect(time.tagName).toBe("TIME");
    expect(time.getAttribute("datetime")).toBe(new Date(article.sourcedTime * 1000).toISOString());
    expect(time.getAttribute("title")).toContain(String(new Date(article.sourcedTime * 1000).getFullYear()));
    expect(screen.getByText(article.tldr)).toBeTruthy();
  });

  it("lists the categories as links to their feeds", () => {
    renderCard();
    const chips = within(screen.getByRole("list", { name: "Categories" })).getAllByRole("link");
    expect(chips.map((chip) => chip.getAttribute("href"))).toEqual(["/category/world", "/category/politics"]);
  });

  it("lazy-loads the image in a reserved box, with alt text and the attribution", () => {
    renderCard();
    const image = screen.getByRole("img");
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.getAttribute("alt")).toBe("Seville turns libraries into shelters from the heat");
    expect(image.getAttribute("width")).toBe("320");
    expect(image.getAttribute("height")).toBe("180");
    expect(screen.getByText("Photo: Stock service / A. Photographer")).toBeTruthy();
  });

  it("renders no image box when the article has no image", () => {
    renderCard(testArticle({ thumbnailUrl: null, imageAttribution: null }));
    expect(screen.queryByRole("img")).toBeNull();
  });
});
