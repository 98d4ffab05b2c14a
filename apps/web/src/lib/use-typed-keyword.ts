import { useEffect, useState } from 'react';

/** How long typing pauses before a picker asks the server. */
export const SEARCH_PAUSE_MS = 250;

/**
 * What a server-searched picker shows as typed (`typed`) and what it asks for
 * (`keyword`: the typed text, trimmed, once typing has paused `SEARCH_PAUSE_MS`).
 * The audit trail's 操作人 and a message's recipients find accounts so.
 */
export function useTypedKeyword() {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, keyword };
}
