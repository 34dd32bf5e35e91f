import { matchPath } from "@unbiased/web-shared";

/**
 * The category whose feed is on screen: "latest" for the home feed at / and /news, otherwise
 * the :category of /category/:category or /news/category/:category; null on other pages.
 */
export function activeCategory(pathname: string): string | null {
  if (pathname === "/" || pathname === "/news") return "latest";
  const match = matchPath("/category/:category", pathname) ?? matchPath("/news/category/:category", pathname);
  return match?.params.category ?? null;
}
