import type { RecentEntry } from '../io/storage';

/** The texts kept in Recent, newest first; choosing one brings it back. */
export function RecentMenu({
  recent,
  onChoose,
}: {
  recent: readonly RecentEntry[];
  onChoose(entry: RecentEntry): void;
}) {
  return (
    <div className="menu" role="menu" aria-label="Recent texts">
      {recent.length === 0 ? (
        <p className="menu-empty">Texts you replace by opening an example, a file or a link are kept here.</p>
      ) : (
        recent.map((entry) => (
          <button
            key={entry.at + entry.label}
            type="button"
            role="menuitem"
            className="menu-item"
            data-testid="recent-item"
            onClick={() => onChoose(entry)}
          >
            <span className="menu-label">{entry.label}</span>
            <span className="menu-hint">
              {when(entry.at)} · {entry.text.length.toLocaleString('en')} characters
            </span>
          </button>
        ))
      )}
    </div>
  );
}

function when(at: number): string {
  const s = Math.round((Date.now() - at) / 1000);
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  return new Date(at).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
}
