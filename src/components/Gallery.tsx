import { useEffect, useMemo, useRef, useState } from 'react';
import { matchesQuery, TAG_ORDER, type ExampleInfo } from '../core/gallery';

export interface GalleryExample extends ExampleInfo {
  thumbnail: string | null;
}

interface GalleryProps {
  examples: readonly GalleryExample[];
  /** The link that opens an example (`#/example/<name>`). */
  hrefOf(name: string): string;
  onClose(): void;
}

/** Every example with its thumbnail, title, description and tags; a search box and tag filters. */
export function Gallery({ examples, hrefOf, onClose }: GalleryProps) {
  const [query, setQuery] = useState('');
  const [tag, setTag] = useState<string>();
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => search.current?.focus(), []);

  const tags = useMemo(() => {
    const present = new Set(examples.flatMap((e) => e.tags));
    return [
      ...TAG_ORDER.filter((t) => present.has(t)),
      ...[...present].filter((t) => !(TAG_ORDER as readonly string[]).includes(t)),
    ];
  }, [examples]);
  const shown = examples.filter((e) => matchesQuery(e, query) && (!tag || e.tags.includes(tag)));

  return (
    <section
      className="gallery"
      aria-labelledby="gallery-title"
      data-testid="gallery"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className="gallery-head">
        <h2 id="gallery-title">Gallery</h2>
        <input
          ref={search}
          type="search"
          placeholder="Search examples: candlestick, fibonacci, gauge, brush…"
          aria-label="Search examples"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="gallery-search"
        />
        <div className="tags" role="group" aria-label="Filter by tag">
          {tags.map((t) => (
            <button
              key={t}
              type="button"
              className="tag"
              aria-pressed={tag === t}
              onClick={() => setTag(tag === t ? undefined : t)}
            >
              {t}
            </button>
          ))}
        </div>
        <span className="gallery-count muted" aria-live="polite">
          {shown.length} of {examples.length}
        </span>
        <button
          type="button"
          className="close"
          onClick={onClose}
          aria-label="Close the gallery"
          data-testid="gallery-close"
        >
          ×
        </button>
      </div>
      {shown.length === 0 ? (
        <p className="gallery-empty">
          No example matches “{query}”{tag ? ` with the tag ${tag}` : ''}.
        </p>
      ) : (
        <ul className="gallery-grid">
          {shown.map((e) => (
            <li key={e.name}>
              <a className="gallery-item" href={hrefOf(e.name)} data-testid="gallery-item" data-name={e.name}>
                <span className="thumb">
                  {e.thumbnail ? (
                    <img src={e.thumbnail} alt="" loading="lazy" decoding="async" />
                  ) : (
                    <span className="muted">No preview</span>
                  )}
                </span>
                <span className="gallery-title">{e.title}</span>
                {e.description && <span className="gallery-description">{e.description}</span>}
                <span className="gallery-tags">
                  {e.tags.map((t) => (
                    <span key={t} className="tag small">
                      {t}
                    </span>
                  ))}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
