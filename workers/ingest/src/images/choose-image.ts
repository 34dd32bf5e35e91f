// An article's image, never a broken one: the page's own og:image (credited to its site), else a
// stock photo when a provider key is configured, else the product's generated image for the category.

import type { ArticleCategory } from "@unbiased/worker-shared/contracts/articles";
import { categoryImagePath } from "@unbiased/worker-shared/contracts/images";
import { findStockPhoto } from "./stock-photos.ts";

export interface ChosenImage {
  url: string;
  attribution: string | null;
}

export interface ImageInput {
  pageImageUrl: string | null;
  /** Who the page's image is credited to: its site name, else its domain. */
  credit: string;
  category: ArticleCategory;
  /** Words to search stock photos with (the headline). */
  query: string;
  stockApiKey: string;
}

export async function chooseImage(input: ImageInput): Promise<ChosenImage> {
  if (input.pageImageUrl) return { url: input.pageImageUrl, attribution: `Image: ${input.credit}` };
  const stock = input.stockApiKey ? await findStockPhoto(input.stockApiKey, input.query) : null;
  return stock ?? { url: categoryImagePath(input.category), attribution: null };
}
