import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { VideoEmbed, youtubeEmbedUrl } from "~/components/video-embed";
import { createI18n } from "~/i18n/i18n";
import fr from "~/i18n/locales/fr";

function render(videoId: string | null) {
  return renderToString(
    createElement(I18nextProvider, { i18n: createI18n("fr", fr) }, createElement(VideoEmbed, { videoId, title: "Vidéo" })),
  );
}

describe("click-to-load video (public site §2)", () => {
  it("shows only a local play button before the click: nothing from YouTube", () => {
    const html = render("dQw4w9WgXcQ");
    expect(html).toContain("Lire la vidéo (YouTube)");
    expect(html).toContain("<button");
    expect(html).not.toMatch(/youtube\.com|youtube-nocookie|ytimg|<iframe|<img/);
  });

  it("renders nothing for an id that is not a YouTube id", () => {
    for (const id of [null, "", "short", "https://www.youtube.com/watch?v=dQw4w9WgXcQ", 'dQw4w9WgXc"']) {
      expect(render(id)).toBe("");
    }
  });

  it("plays from the privacy-enhanced player", () => {
    expect(youtubeEmbedUrl("dQw4w9WgXcQ")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
  });
});
