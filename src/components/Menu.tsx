import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode, type RefObject } from 'react';

/**
 * While a menu of the toolbar is open, a click elsewhere or Escape closes it; Escape gives the
 * focus back to its button (found in `root` by its `data-menu`).
 */
export function useMenuDismiss(root: RefObject<HTMLElement | null>, menu: string | undefined, close: () => void): void {
  const onClose = useRef(close);
  useEffect(() => {
    onClose.current = close;
  });
  useEffect(() => {
    if (!menu) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) onClose.current();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      root.current?.querySelector<HTMLButtonElement>(`[data-menu="${menu}"]`)?.focus();
      onClose.current();
    };
    window.addEventListener('pointerdown', onDown);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('pointerdown', onDown);
      window.removeEventListener('keydown', onKey);
    };
  }, [root, menu]);
}

/** A toolbar button with a menu below it: the menu takes the focus, arrow keys move through its items. */
export function MenuButton({
  id,
  open,
  onToggle,
  label,
  title,
  children,
}: {
  id: string;
  open: boolean;
  onToggle(): void;
  label: string;
  title: string;
  children: ReactNode;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const items = () => [
    ...(anchor.current?.querySelectorAll<HTMLButtonElement>('[role^="menuitem"]:not(:disabled)') ?? []),
  ];
  // An opened menu takes the focus; arrow keys move through its items.
  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);
  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const list = items();
    if (!list.length) return;
    e.preventDefault();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const next = e.key === 'ArrowDown' ? (at + 1) % list.length : (at - 1 + list.length) % list.length;
    list[next]!.focus();
  };
  return (
    <div className="menu-anchor" ref={anchor} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="tool"
        data-menu={id}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={onToggle}
        title={title}
        data-testid={`${id}-button`}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && children}
    </div>
  );
}
