import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ResponsiveImage } from "~/components/responsive-image";

const ID = "0123456789abcdef0123456789abcdef";
const render = (props: Partial<Parameters<typeof ResponsiveImage>[0]>) =>
  renderToStaticMarkup(createElement(ResponsiveImage, { image: null, alt: "Le parc", sizes: "100vw", ...props }));

describe("ResponsiveImage", () => {
  it("offers AVIF then WebP at every stored width, sized so nothing shifts", () => {
    const html = render({ image: `img:v1:park_images/${ID}:400,800:800x600`, sizes: "(min-width: 768px) 50vw, 100vw", className: "w-full h-auto" });
    expect(html).toBe(
      "<picture>" +
        `<source type="image/avif" srcSet="/images/park_images/${ID}-400.avif 400w, /images/park_images/${ID}-800.avif 800w" sizes="(min-width: 768px) 50vw, 100vw"/>` +
        `<source type="image/webp" srcSet="/images/park_images/${ID}-400.webp 400w, /images/park_images/${ID}-800.webp 800w" sizes="(min-width: 768px) 50vw, 100vw"/>` +
        `<img src="/images/park_images/${ID}-800.webp" width="800" height="600" alt="Le parc" class="w-full h-auto" loading="lazy" decoding="async"/>` +
        "</picture>",
    );
  });

  it("loads the page's main image at once and first", () => {
    const html = render({ image: `img:v1:attraction_images/${ID}:400:400x300`, priority: true });
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  it("shows an old plain address as a single image", () => {
    expect(render({ image: "https://example.com/park.jpg" })).toBe(
      '<img src="https://example.com/park.jpg" alt="Le parc" loading="lazy" decoding="async"/>',
    );
  });

  it("renders nothing without a readable image", () => {
    expect(render({ image: null })).toBe("");
    expect(render({ image: "not an image" })).toBe("");
  });
});
