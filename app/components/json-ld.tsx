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
