import { useEffect, useId, useRef } from 'react';
import type { ShareLink } from '../io/share';
import type { VegaEditorLink } from '../state/export';

/**
 * The link that carries the spec, selected for copying, with its length and any warning; and a
 * link that opens the chart in the Vega Editor (a new tab), which is a link too, so it lives here
 * and is a real `<a>`: its address can be copied or opened with a middle click.
 */
export function SharePanel({ share }: { share?: { link: ShareLink; copied: boolean; vegaEditor?: VegaEditorLink } }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (share) {
      input.current?.focus();
      input.current?.select();
    }
  }, [share]);
  return (
    <div className="menu share-panel" role="dialog" aria-labelledby={`${id}-h`} data-testid="share-panel">
      <h3 id={`${id}-h`}>Share this spec</h3>
      {!share ? (
        <p className="menu-empty">Making the link…</p>
      ) : (
        <>
          <input
            ref={input}
            readOnly
            value={share.link.url}
            aria-label="Link to this spec"
            data-testid="share-link"
            onFocus={(e) => e.target.select()}
          />
          <p className="share-status" data-testid="share-status">
            {share.copied
              ? 'Copied to the clipboard.'
              : 'Select the link and copy it (the clipboard is not available here).'}{' '}
            <span data-testid="share-length">{share.link.length.toLocaleString('en')} characters</span>
          </p>
          {share.link.warning && (
            <p className="share-warning" role="alert" data-testid="share-warning">
              {share.link.warning}
            </p>
          )}
          <p className="menu-hint">The whole spec travels in the link; nothing is uploaded.</p>
          {share.vegaEditor && (
            <p className="share-editor" data-testid="vega-editor">
              {share.vegaEditor.url ? (
                <a href={share.vegaEditor.url} target="_blank" rel="noopener noreferrer" data-testid="vega-editor-link">
                  Open in the Vega Editor ↗
                </a>
              ) : (
                <span className="menu-hint">Open in the Vega Editor: not available.</span>
              )}{' '}
              <span className="menu-hint">
                {share.vegaEditor.note ??
                  'The chart as a standard spec (extension marks expanded), in the chart theme you see.'}
              </span>
            </p>
          )}
        </>
      )}
    </div>
  );
}
