import { useId, useMemo, useState } from 'react';
import type { Spec as VegaSpec, View } from 'vega';
import { datasetTable, listDatasets } from '../render/datasets';

export interface DataViewerProps {
  /** The Vega view on screen, if any. */
  view: View | undefined;
  /** The Vega spec it was drawn from: it names the data sets and says which fields are dates. */
  spec: VegaSpec | undefined;
  /** The text version the chart on screen shows: a patched view has new rows in the same view. */
  version: number;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The Data tab: the chart's data sets as the view on screen holds them, the ones Vega-Lite derived
 * by transforms (`data_0` …) included, one at a time in a table. Read again whenever the chart is
 * drawn or patched. Mounted only while its tab is shown.
 */
export function DataViewer({ view, spec, version }: DataViewerProps) {
  const selectId = useId();
  const sets = useMemo(() => ({ version, list: view ? listDatasets(view, spec) : [] }), [view, spec, version]);
  const [chosen, setChosen] = useState<string>();
  const name = sets.list.some((s) => s.name === chosen) ? chosen : sets.list[0]?.name;
  const table = useMemo(
    () => (view && name ? datasetTable(view, name, spec) : undefined),
    // `sets` changes with each drawing: the rows are read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [view, name, spec, sets],
  );

  if (!view || !sets.list.length)
    return (
      <div className="data-viewer" data-testid="data-viewer">
        <p className="pane-empty muted" data-testid="data-empty">
          {view ? 'This chart has no named data sets.' : 'No chart on screen: its data appears here once drawn.'}
        </p>
      </div>
    );
  return (
    <div className="data-viewer" data-testid="data-viewer" data-version={sets.version}>
      <div className="pane-bar">
        <label className="pane-field" htmlFor={selectId}>
          Data set
        </label>
        <select id={selectId} value={name} data-testid="dataset" onChange={(e) => setChosen(e.target.value)}>
          {sets.list.map((s) => (
            <option key={s.name} value={s.name}>
              {s.name} ({count(s.rows)} {s.rows === 1 ? 'row' : 'rows'})
            </option>
          ))}
        </select>
        {table && (
          <span className="pane-note muted" data-testid="data-count" role="status">
            {table.total > table.rows.length
              ? `Showing ${count(table.rows.length)} of ${count(table.total)} rows`
              : `${count(table.total)} ${table.total === 1 ? 'row' : 'rows'}`}
          </span>
        )}
      </div>
      {table && (
        <div className="data-scroll" tabIndex={0} aria-label={`Rows of ${table.name}`}>
          {table.columns.length ? (
            <table className="data-table" data-testid="data-table">
              <thead>
                <tr>
                  <th scope="col" className="row-number">
                    #
                  </th>
                  {table.columns.map((c, i) => (
                    <th key={c} scope="col" className={table.numeric[i] ? 'num' : undefined}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, r) => (
                  <tr key={r}>
                    <td className="row-number">{r + 1}</td>
                    {row.map((cell, i) => (
                      <td
                        key={i}
                        className={table.numeric[i] ? 'num' : undefined}
                        title={cell.length > 40 ? cell : undefined}
                      >
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="pane-empty muted">No rows.</p>
          )}
        </div>
      )}
    </div>
  );
}
