// The product's own image for an article whose page has none (and no stock photo is configured): a
// calm abstract card in the category's colour, drawn as SVG so it is tiny, sharp at any size and never
// broken. 1200×630, the Open Graph proportion, so it crops like a publisher's image.
import type { ArticleCategory } from "@unbiased/worker-shared/contracts/articles";

const PALETTE: Record<ArticleCategory, { from: string; to: string; label: string }> = {
  tech: { from: "#1e3a8a", to: "#0ea5e9", label: "Tech" },
  politics: { from: "#4c1d95", to: "#a855f7", label: "Politics" },
  world: { from: "#065f46", to: "#14b8a6", label: "World" },
  business: { from: "#78350f", to: "#f59e0b", label: "Business" },
  science: { from: "#134e4a", to: "#22c55e", label: "Science" },
};

export function categoryImageSvg(category: ArticleCategory): string {
  const { from, to, label } = PALETTE[category];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" role="img" aria-label="${label}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<circle cx="1010" cy="120" r="260" fill="#fff" fill-opacity="0.07"/>
<circle cx="160" cy="560" r="220" fill="#fff" fill-opacity="0.06"/>
<text x="80" y="540" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="96" font-weight="600" fill="#fff" fill-opacity="0.92">${label}</text>
</svg>`;
}
