// A stock photo for an article without an image of its own, from Pexels when an API key is
// configured (PEXELS_API_KEY; empty disables it). Credit per Pexels' guidelines and the spec's footer.
// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";

const PEXELS_SEARCH = "https://api.pexels.com/v1/search";
const TIMEOUT_MS = 5_000;

const PexelsResponse = z.object({
  photos: z.array(z.object({ photographer: z.string(), src: z.object({ landscape: z.string().url() }) })),
});

export interface StockPhoto {
  url: string;
  /** "Photo by … on Pexels", as Pexels asks. */
  attribution: string;
}

/** Null when nothing matches or the service fails: the caller falls back to a generated image. */
export async function findStockPhoto(apiKey: string, query: string): Promise<StockPhoto | null> {
  const url = `${PEXELS_SEARCH}?${new URLSearchParams({ query, per_page: "1", orientation: "landscape" })}`;
  try {
    const response = await fetch(url, { headers: { Authorization: apiKey }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`Pexels answered ${response.status}`);
    const photo = PexelsResponse.parse(await response.json()).photos[0];
    return photo ? { url: photo.src.landscape, attribution: `Photo by ${photo.photographer} on Pexels` } : null;
  } catch (err) {
    console.warn(`stock photo search failed: ${String(err)}`);
    return null;
  }
}
