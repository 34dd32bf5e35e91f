import { categoryPath, findCategory, Link } from "@unbiased/web-shared";
import type { ArticleCategory } from "@unbiased/worker-shared/contracts/articles";

/** An article's categories, each a link to its feed. */
export function CategoryChips({ categories }: { categories: readonly ArticleCategory[] }) {
  if (categories.length === 0) return null;
  return (
    <ul className="category-chips" aria-label="Categories">
      {categories.map((slug) => {
        const category = findCategory(slug);
        return (
          <li key={slug}>
            <Link className="chip" to={categoryPath(slug)}>
              {category ? `${category.emoji} ${category.label}` : slug}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
