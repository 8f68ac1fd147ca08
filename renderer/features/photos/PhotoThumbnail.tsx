import { ImageIcon, ImageOff } from 'lucide-react';
import { useState } from 'react';

/** Where a thumbnail stands: asked for, drawn, or refused (404, offline, an unreadable file). */
type Drawn = 'loading' | 'loaded' | 'failed';

/**
 * A photo's rendition from the service, over a placeholder with an icon: the placeholder shows
 * while the image loads (main fetches it from the service first), and stays, with a crossed-out
 * image, when there is none or it cannot be drawn — never a flat grey box that looks broken.
 */
export function PhotoThumbnail({
  url,
  alt,
  className,
}: {
  /** The rendition's address, or undefined when the service has none for the photo. */
  readonly url: string | undefined;
  /** The image's text alternative; empty when the words next to it already say what it is. */
  readonly alt: string;
  readonly className?: string;
}) {
  const [drawn, setDrawn] = useState<Drawn>(url === undefined ? 'failed' : 'loading');
  const Icon = drawn === 'failed' ? ImageOff : ImageIcon;
  return (
    <span className={`photo-thumb ${className ?? ''}`} data-drawn={drawn}>
      {drawn === 'loaded' ? null : <Icon className="photo-thumb-icon" aria-hidden="true" />}
      {url === undefined || drawn === 'failed' ? null : (
        <img
          src={url}
          alt={alt}
          loading="lazy"
          decoding="async"
          onLoad={() => setDrawn('loaded')}
          onError={() => setDrawn('failed')}
        />
      )}
    </span>
  );
}
