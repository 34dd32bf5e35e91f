import "./articleImage.css";

interface ArticleImageProps {
  src: string;
  alt: string;
  attribution: string | null;
  /** The box the image is drawn in before it loads (CSS keeps it 16:9 at any width). */
  width: number;
  height: number;
  /** Cards further down the feed load their images only as they near the screen. */
  lazy?: boolean;
  /** The page's largest paint (the first card, the article's picture): fetched before anything else. */
  priority?: boolean;
  className?: string;
}

/** An article's picture and its credit (spec §2 Footer: images come from publishers and a stock service). */
export function ArticleImage({
  src,
  alt,
  attribution,
  width,
  height,
  lazy = false,
  priority = false,
  className,
}: ArticleImageProps) {
  return (
    <figure className={["article-image", className].filter(Boolean).join(" ")}>
      {/* width/height plus CSS aspect-ratio reserve the box, so nothing moves when the image arrives. */}
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={lazy ? "lazy" : "eager"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
      />
      {attribution && <figcaption>{attribution}</figcaption>}
    </figure>
  );
}
