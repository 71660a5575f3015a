import { imagePreviewUrl } from "~/domain/image-reference";
import { useNonce } from "./nonce";

/** Structured data for search engines; "<" is escaped so the JSON cannot close the script. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}

/** schema.org AggregateRating with a dot decimal, as search engines expect whatever the page language. */
export function aggregateRating(average: number | null, count: number) {
  if (average === null || count === 0) return undefined;
  return { "@type": "AggregateRating", ratingValue: average.toFixed(1), ratingCount: count, bestRating: 5, worstRating: 1 };
}

/** The image's absolute address for schema.org, when there is one. */
export function absoluteImage(publicUrl: string, stored: string | null): string | undefined {
  const url = imagePreviewUrl(stored);
  if (!url) return undefined;
  return url.startsWith("/") ? `${publicUrl}${url}` : url;
}
