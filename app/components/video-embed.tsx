import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation-context";

/** The privacy-enhanced player, the only video origin the Content-Security-Policy lets in a frame. */
export function youtubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1`;
}

/**
 * An attraction's video (docs/rules/catalogue.md#video), click to load: until the visitor asks
 * for it, nothing comes from YouTube (no frame, no thumbnail from its image
 * servers), so a page view tells YouTube nothing and costs no third-party bytes.
 * The id was checked by the page's loader (embeddableVideoId), which keeps
 * the check and its patterns out of the browser's JavaScript.
 */
export function VideoEmbed({ videoId, title }: { videoId: string; title: string }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  // The button the visitor pressed disappears; focus follows into the player instead of the page top.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);
  return (
    <div className="aspect-video overflow-hidden rounded-2xl bg-stone-900">
      {playing ? (
        <iframe
          ref={frame}
          src={youtubeEmbedUrl(videoId)}
          title={title}
          className="h-full w-full"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group flex h-full w-full flex-col items-center justify-center gap-3 bg-gradient-to-br from-stone-800 to-teal-900 p-4 text-white focus-visible:outline focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-amber-400"
        >
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-red-700 shadow-lg transition group-hover:scale-105 group-hover:bg-red-800">
            <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="ml-1 h-8 w-8" fill="currentColor">
              <path d="M8 5v14l11-7z" />
            </svg>
          </span>
          <span className="text-lg font-semibold">{t("attraction.video.play")}</span>
          <span className="text-sm text-stone-200">{t("attraction.video.notice")}</span>
        </button>
      )}
    </div>
  );
}
