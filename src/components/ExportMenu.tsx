import type { ExportKind } from '../state/export';

export interface ExportChoice {
  kind: ExportKind;
  label: string;
  hint: string;
  /** Why it cannot be made now. */
  disabled?: string;
  /** What to confirm before it is made (the chart on screen is not the current text's). */
  confirm?: string;
}

/** The exports; one that cannot be made now says why instead of its hint. */
export function ExportMenu({
  exports,
  onChoose,
}: {
  exports: readonly ExportChoice[];
  onChoose(choice: ExportChoice): void;
}) {
  return (
    <div className="menu" role="menu" aria-label="Export">
      {exports.map((x) => (
        <button
          key={x.kind}
          type="button"
          role="menuitem"
          className="menu-item"
          data-export={x.kind}
          disabled={!!x.disabled}
          title={x.disabled}
          onClick={() => onChoose(x)}
        >
          <span className="menu-label">{x.label}</span>
          <span className="menu-hint">{x.disabled ?? x.hint}</span>
        </button>
      ))}
    </div>
  );
}
