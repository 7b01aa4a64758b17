import type { RecentEntry } from '../io/storage';
import type { Message } from '../state/workspace';

interface MessagesProps {
  messages: readonly Message[];
  /** The lock-out notice's action: draw the text now. */
  onRun(): void;
  onRestore(entry: RecentEntry): void;
  onDismiss(id: number): void;
}

/** The notices above the workspace: what was opened, saved or exported, and what went wrong. */
export function Messages({ messages, onRun, onRestore, onDismiss }: MessagesProps) {
  if (messages.length === 0) return null;
  return (
    <div className="messages" aria-live="polite">
      {messages.map((m) => (
        <div
          key={m.id}
          className={`message ${m.kind}`}
          role={m.kind === 'info' ? 'status' : 'alert'}
          data-testid={m.testid}
        >
          <span className="message-text">{m.text}</span>
          {m.testid === 'lockout' && (
            <button type="button" className="message-action" onClick={onRun} data-testid="run-now">
              Draw it now
            </button>
          )}
          {m.restore && (
            <button
              type="button"
              className="message-action"
              onClick={() => {
                onRestore(m.restore!);
                onDismiss(m.id);
              }}
              data-testid="restore"
            >
              Bring it back
            </button>
          )}
          <button type="button" className="message-close" onClick={() => onDismiss(m.id)} aria-label="Dismiss">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
