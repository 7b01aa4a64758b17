import type { ExportKind } from '../state/export';

export interface ExportChoice {
  kind: ExportKind;
  label: string;
  hint: string;
  /** Why it cannot be made now. */
  disabled?: string;
}

/** The exports; one that cannot be made now says why instead of its hint. */
export function ExportMenu({
  exports,
  onChoose,
}: {
  exports: readonly ExportChoice[];
  onChoose(kind: ExportKind): void;
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
          onClick={() => onChoose(x.kind)}
        >
          <span className="menu-label">{x.label}</span>
          <span className="menu-hint">{x.disabled ?? x.hint}</span>
        </button>
      ))}
    </div>
  );
}
