import { imageSrcSet, imageUrl, largestRendition, parseImageReference } from "~/domain/image-reference";

type ResponsiveImageProps = {
  /** The stored `image_url` value (docs/decisions/0005); nothing is rendered when it is empty or unreadable. */
  image: string | null | undefined;
  alt: string;
  /** How wide the image is shown, for the browser to pick a rendition, e.g. "(min-width: 1024px) 50vw, 100vw". */
  sizes: string;
  className?: string;
  /** The page's main image (above the fold): fetched at once and first, not lazily. */
  priority?: boolean;
};

/**
 * A stored image as `<picture>`: AVIF, then WebP, each at every stored width,
 * and an `<img>` whose width and height give the picture's aspect ratio before
 * it loads, so nothing below it moves. Style it with `className` (e.g.
 * `w-full h-auto`). An old plain address is shown as a single image.
 */
export function ResponsiveImage({ image, alt, sizes, className, priority = false }: ResponsiveImageProps) {
  const reference = parseImageReference(image);
  if (!reference) return null;
  const loading = priority ? "eager" : "lazy";
  const fetchPriority = priority ? "high" : undefined;
  if (reference.kind === "external") {
    return <img src={reference.url} alt={alt} className={className} loading={loading} fetchPriority={fetchPriority} decoding="async" />;
  }
  const { width, height } = largestRendition(reference);
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcSet(reference, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(reference, "webp")} sizes={sizes} />
      <img
        src={imageUrl(reference, width, "webp")}
        width={width}
        height={height}
        alt={alt}
        className={className}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    </picture>
  );
}
