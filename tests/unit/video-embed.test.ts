import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { VideoEmbed, youtubeEmbedUrl } from "~/components/video-embed";
import { embeddableVideoId } from "~/domain/video-id";
import { TranslationProvider } from "~/i18n/translation-context";
import fr from "~/i18n/locales/fr";

function render(videoId: string) {
  return renderToString(
    createElement(TranslationProvider, { language: "fr", messages: fr, children: createElement(VideoEmbed, { videoId, title: "Vidéo" }) }),
  );
}

describe("click-to-load video (docs/rules/catalogue.md#ride-page)", () => {
  it("shows only a local play button before the click: nothing from YouTube", () => {
    const html = render("dQw4w9WgXcQ");
    expect(html).toContain("Lire la vidéo (YouTube)");
    expect(html).toContain("<button");
    expect(html).not.toMatch(/youtube\.com|youtube-nocookie|ytimg|<iframe|<img/);
  });

  it("is given only an id that is a YouTube id: anything else gets no player", () => {
    expect(embeddableVideoId("dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    for (const id of [null, "", "short", "https://www.youtube.com/watch?v=dQw4w9WgXcQ", 'dQw4w9WgXc"']) {
      expect(embeddableVideoId(id)).toBeNull();
    }
  });

  it("plays from the privacy-enhanced player", () => {
    expect(youtubeEmbedUrl("dQw4w9WgXcQ")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
  });
});
