import { Fragment, type ReactNode } from 'react';
import type { ReferenceOption } from '../core/reference';

/** How the reference shows an option: its name, type, words, default, values and sub-options. */

/** Descriptions are markdown with `code` spans (and the odd **bold**): enough to draw those. */
export function Markdown({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`|\*\*[^*]+\*\*)/);
  return (
    <>
      {parts.map((p, i) =>
        p.startsWith('`') && p.endsWith('`') && p.length > 1 ? (
          <code key={i}>{p.slice(1, -1)}</code>
        ) : p.startsWith('**') && p.endsWith('**') && p.length > 4 ? (
          <b key={i}>{p.slice(2, -2)}</b>
        ) : (
          <Fragment key={i}>{p}</Fragment>
        ),
      )}
    </>
  );
}

export function Options({ title, options, caption }: { title: string; options: ReferenceOption[]; caption: string }) {
  return (
    <>
      <h4 className="reference-subhead">{title}</h4>
      <dl className="reference-options" aria-label={caption}>
        {options.map((o) => (
          <OptionRow key={o.name} option={o} />
        ))}
      </dl>
    </>
  );
}

function OptionRow({ option: o }: { option: ReferenceOption }): ReactNode {
  return (
    <div className="reference-option" data-testid="reference-option" data-option={o.name}>
      <dt>
        <code className="reference-name">{o.name}</code>
        <span className="reference-type">{o.type}</span>
        {o.required && <span className="reference-required">required</span>}
      </dt>
      <dd>
        <Markdown text={o.description} />
        {o.default !== undefined && (
          <span className="reference-default">
            {' '}
            Default: <Markdown text={o.default} />
          </span>
        )}
        {o.values && o.values.some((v) => v.description) && (
          <ul className="reference-values">
            {o.values.map((v) => (
              <li key={v.value}>
                <code>{v.value}</code> <Markdown text={v.description} />
              </li>
            ))}
          </ul>
        )}
        {o.options && (
          <details className="reference-children">
            <summary>
              {o.options.length} {o.options.length === 1 ? 'property' : 'properties'}
            </summary>
            <dl className="reference-options">
              {o.options.map((c) => (
                <OptionRow key={c.name} option={c} />
              ))}
            </dl>
          </details>
        )}
      </dd>
    </div>
  );
}
