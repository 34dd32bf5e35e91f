import type { Article } from "@unbiased/worker-shared/contracts/articles";

/** A complete Article as GET /api/articles returns it. */
export function testArticle(overrides: Partial<Article> = {}): Article {
  return {
    id: "art-42",
    title: "Seville turns libraries into shelters from the heat",
    url: "https://civicdispatch.example/world/seville-shelters",
    domain: "civicdispatch.example",
    thumbnailUrl: "https://images.example/seville.jpg",
    imageAttribution: "Photo: Stock service / A. Photographer",
    sourcedTime: Math.floor(Date.now() / 1000) - 3 * 3600 - 120,
    location: "Seville, Spain",
    locationCity: "Seville",
    locationCountry: "Spain",
    categories: ["world", "politics"],
    tldr: "Seville will run 74 climate shelters in libraries and civic centres.",
    shortSummary: "",
    summary: { who: "", what: "", when: "", where: "", why: "", how: "" },
    detailedSummary: "",
    ...overrides,
  };
}
