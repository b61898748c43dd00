import { useState } from 'react';

/** One language's first image as the carousel would show it, or why there is none. */
export function BannerPreview({ src, language }: { src: string; language: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <figure className="banner-preview">
      <figcaption className="banner-preview__label">{language}</figcaption>
      <div className="banner-preview__frame">
        {!src ? (
          <p className="banner-preview__empty">No image yet</p>
        ) : failed === src ? (
          <p className="banner-preview__empty">The image could not be loaded: {src}</p>
        ) : (
          <img
            src={src}
            alt={`${language} banner, first image`}
            className="banner-preview__image"
            onError={() => setFailed(src)}
          />
        )}
      </div>
    </figure>
  );
}
