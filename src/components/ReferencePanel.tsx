import { Fragment, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Markdown, Options } from './ReferenceOptions';
import {
  buildReference,
  matchesReference,
  searchText,
  type ReferenceEntry,
  type ReferenceExample,
  type ReferenceMark,
  type ReferenceOption,
} from '../core/reference';

/** What opening an example needs: its text, a file name, and a title for the notice and Recent. */
export type OpenReferenceExample = (example: ReferenceExample & { title: string }) => void;

const optionText = (o: ReferenceOption): string =>
  searchText([
    o.name,
    o.type,
    o.description,
    o.default,
    ...(o.values ?? []).flatMap((v) => [v.value, v.description]),
    ...(o.options ?? []).map(optionText),
  ]);

/** What a search shows of one mark: all of it when the mark matches, else the parts that do. */
interface Shown {
  mark: ReferenceMark;
  options: ReferenceOption[];
  channels: ReferenceOption[];
  entries: ReferenceEntry[];
}

function filterReference(marks: readonly ReferenceMark[], query: string): Shown[] {
  return marks.flatMap((mark): Shown[] => {
    if (!query.trim() || matchesReference(mark.name, query))
      return [{ mark, options: mark.options, channels: mark.channels, entries: mark.entries }];
    const options = mark.options.filter((o) => matchesReference(optionText(o), query));
    const channels = mark.channels.filter((o) => matchesReference(optionText(o), query));
    const entries = mark.entries.filter((e) =>
      matchesReference(searchText([e.name, e.description, mark.name, ...e.options.map((o) => o.name)]), query),
    );
    // A word only the mark's description has shows the mark, without its options.
    const described = matchesReference(mark.description.toLowerCase(), query);
    return options.length || channels.length || entries.length || described
      ? [{ mark, options, channels, entries }]
      : [];
  });
}

/**
 * The reference of the extension marks, generated from their schemas (core/reference.ts): each
 * mark's options with type, default and description, its channels, the annotation kinds and
 * gauge styles, each with an example that opens in the editor. A search filters it all; arrow
 * keys move between the entries.
 */
export function ReferencePanel({ onOpenExample }: { onOpenExample: OpenReferenceExample }) {
  const reference = useMemo(() => buildReference(), []);
  const [query, setQuery] = useState('');
  const [mark, setMark] = useState<string>();
  const list = useRef<HTMLDivElement>(null);
  const shown = filterReference(reference.marks, query).filter((s) => !mark || s.mark.name === mark);
  const count = shown.reduce((n, s) => n + s.options.length + s.channels.length + s.entries.length, 0);

  // Up and down step through the headings and example buttons; Home and End jump to the ends.
  const onKeyDown = (e: KeyboardEvent) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const stops = [...(list.current?.querySelectorAll<HTMLElement>('[data-stop]') ?? [])];
    if (!stops.length) return;
    const fromSearch = e.target instanceof HTMLInputElement;
    if (fromSearch && e.key !== 'ArrowDown') return;
    const i = stops.indexOf(document.activeElement as HTMLElement);
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? stops.length - 1
          : e.key === 'ArrowDown'
            ? Math.min(i + 1, stops.length - 1)
            : Math.max(i - 1, 0);
    e.preventDefault();
    stops[next]!.focus();
  };

  const open = (example: ReferenceExample, title: string) => onOpenExample({ ...example, title });

  return (
    <div className="reference" onKeyDown={onKeyDown} data-testid="reference">
      <div className="reference-tools">
        <input
          type="search"
          placeholder="Search options, kinds, styles: fibonacci, needle, hollow…"
          aria-label="Search the reference"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="reference-search"
          autoFocus
        />
        <div className="tags" role="group" aria-label="Show one mark">
          {reference.marks.map((m) => (
            <button
              key={m.id}
              type="button"
              className="tag"
              aria-pressed={mark === m.name}
              onClick={() => setMark(mark === m.name ? undefined : m.name)}
            >
              {m.name}
            </button>
          ))}
        </div>
        <span className="muted reference-count" aria-live="polite" data-testid="reference-count">
          {shown.length === 0 ? 'Nothing matches' : `${count} ${count === 1 ? 'entry' : 'entries'}`}
        </span>
      </div>
      <div className="reference-list" ref={list}>
        {shown.length === 0 && <p className="muted">Nothing in the reference matches “{query}”.</p>}
        {shown.map((s) => (
          <MarkSection key={s.mark.id} shown={s} onOpen={open} />
        ))}
      </div>
    </div>
  );
}

function MarkSection({ shown, onOpen }: { shown: Shown; onOpen(e: ReferenceExample, title: string): void }) {
  const { mark } = shown;
  return (
    <section
      className="reference-mark"
      aria-labelledby={`ref-${mark.id}`}
      data-testid="reference-mark"
      data-mark={mark.name}
    >
      <div className="reference-mark-head">
        <h3 id={`ref-${mark.id}`} tabIndex={-1} data-stop>
          <code>{mark.name}</code>
        </h3>
        <OpenButton label={`Open a ${mark.name} example`} onClick={() => onOpen(mark.example, `${mark.name} mark`)} />
      </div>
      <p className="reference-description">
        <Markdown text={mark.description} />
      </p>
      {shown.options.length > 0 && <Options title="Options" options={shown.options} caption={`${mark.name} options`} />}
      {shown.channels.length > 0 && (
        <Options title="Channels" options={shown.channels} caption={`${mark.name} channels`} />
      )}
      {shown.entries.length > 0 && (
        <>
          <h4 className="reference-subhead">{mark.entriesTitle}</h4>
          <ul className="reference-entries">
            {shown.entries.map((e) => (
              <li key={e.id} className="reference-entry" data-testid="reference-entry" data-entry={e.id}>
                <div className="reference-entry-head">
                  <h5 id={`ref-${e.id}`} tabIndex={-1} data-stop>
                    <code>{e.name}</code>
                  </h5>
                  <OpenButton
                    label={`Open the ${e.name} example`}
                    onClick={() => onOpen(e.example, `${mark.name} ${e.name}`)}
                  />
                </div>
                <p className="reference-description">
                  <Markdown text={e.description} />
                </p>
                {e.options.length > 0 && (
                  <p className="reference-entry-options">
                    {e.options.map((o, i) => (
                      <Fragment key={o.name}>
                        {i > 0 && ' · '}
                        <code title={o.description}>{o.name}</code>
                        {o.required && <span className="reference-required"> required</span>}
                      </Fragment>
                    ))}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function OpenButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button
      type="button"
      className="reference-open"
      onClick={onClick}
      aria-label={label}
      data-stop
      data-testid="reference-open"
    >
      Open example
    </button>
  );
}
