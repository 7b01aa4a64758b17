import { useEffect, useId, useRef } from 'react';

/**
 * A question before an action: a modal <dialog> (focus kept inside, Escape cancels) with the
 * action's own words on its button rather than "OK", and Cancel. Shown while `open`.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  testid = 'confirm-dialog',
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  testid?: string;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // The action asked for is the likely answer; Cancel is one Tab or Escape away.
      confirm.current?.focus();
    }
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      // Escape closes the dialog itself; that is a Cancel. (After a choice it is closed already.)
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      data-testid={testid}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-message`}>{message}</p>
      <div className="confirm-actions">
        <button type="button" className="confirm-cancel" onClick={onCancel} data-testid={`${testid}-cancel`}>
          Cancel
        </button>
        <button
          ref={confirm}
          type="button"
          className="confirm-ok"
          onClick={onConfirm}
          data-testid={`${testid}-confirm`}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
