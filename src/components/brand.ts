/** The brand mark of the top bar (Header.tsx, and the early frame in src/app/shell.ts). */
export const BRAND_SVG =
  '<svg viewBox="0 0 32 32" width="22" height="22" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#1e3a8a"></rect>' +
  '<path d="M9 8v16M16 6v18M23 10v14" stroke="#e2e8f0" stroke-width="2" stroke-linecap="round"></path>' +
  '<rect x="7" y="12" width="4" height="8" rx="1" fill="#34d399"></rect><rect x="14" y="9" width="4" height="9" rx="1" fill="#f87171"></rect>' +
  '<rect x="21" y="13" width="4" height="7" rx="1" fill="#34d399"></rect></svg>';
