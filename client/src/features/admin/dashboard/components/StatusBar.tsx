import type { StatusMessage } from '../../shared/useTourDelete';

/** One line about the last action: success green, info blue, error red (read out as an alert). */
export function StatusBar({ message }: { message: StatusMessage | null }) {
  return (
    <div
      role={message?.tone === 'error' ? 'alert' : 'status'}
      aria-live={message?.tone === 'error' ? 'assertive' : 'polite'}
    >
      {message ? (
        <p className={`admin-status admin-status--${message.tone}`} data-testid="admin-status">
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
