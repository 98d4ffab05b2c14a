import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { followLink } from '../lib/follow-link';

/** What an embedded page of the product's own origin may ask the shell. */
export const OPEN_LINK_MESSAGE = 'cityops:open-link';

function isShellFrame(source: MessageEventSource | null): boolean {
  if (!source) return false;
  return Array.from(document.querySelectorAll<HTMLIFrameElement>('iframe[data-frame-code]')).some(
    (frame) => frame.contentWindow === source,
  );
}

/**
 * An embedded page asks the shell to open a link: external links (http, https,
 * mailto, tel) open in a new tab, others navigate inside the shell. Only the
 * shell's own frames of its own origin are heard; anything else is ignored.
 */
export function useFrameLinkRequests(): void {
  const navigate = useNavigate();
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || !isShellFrame(event.source)) return;
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (!data || data.type !== OPEN_LINK_MESSAGE || typeof data.url !== 'string') return;
      const url = data.url.trim();
      if (url.length === 0 || url.length > 2048) return;
      followLink(url, (to) => void navigate(to));
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [navigate]);
}
