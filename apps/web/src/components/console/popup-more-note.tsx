import type { ReactNode } from 'react';

/**
 * A server-searched picker's list, and below it, when the server found more than it
 * gave, the note that says so (`note`; nothing without it).
 */
export function PopupMoreNote({ children, note }: { children: ReactNode; note?: string | false }) {
  return (
    <>
      {children}
      {note && (
        <div style={{ padding: '4px 12px', color: 'var(--ant-color-text-secondary)' }}>{note}</div>
      )}
    </>
  );
}
