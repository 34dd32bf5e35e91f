// GET /api/images/category/{category}.svg: the generated per-category image (images/category-image.ts).

import { isArticleCategory } from "@unbiased/worker-shared/contracts/articles";
import { notFound } from "@unbiased/worker-shared/http/errors";
import { Hono } from "hono";
import type { ApiEnv } from "../env.ts";
import { categoryImageSvg } from "../images/category-image.ts";

export const imageRoutes = new Hono<ApiEnv>();

imageRoutes.get("/category/:file{[a-z]+\\.svg}", (c) => {
  const category = c.req.param("file").replace(/\.svg$/, "");
  if (!isArticleCategory(category)) throw notFound(`Unknown category: ${category}`);
  return c.body(categoryImageSvg(category), 200, {
    "Content-Type": "image/svg+xml",
    "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
    "X-Content-Type-Options": "nosniff",
  });
});
