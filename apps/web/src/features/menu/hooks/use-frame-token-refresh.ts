import { FRAME_TOKEN_ANSWER, FRAME_TOKEN_REFUSED, FRAME_TOKEN_REQUEST } from '@cityops/contract';
import { type RefObject, useEffect } from 'react';
import { getFrameToken } from '../api/get-frame-token';

/**
 * Whether a message is a token request of this frame: sent by the very window the
 * frame holds, from the origin its token was issued for, of the request type.
 */
export function isFrameTokenRequest(
  event: Pick<MessageEvent, 'source' | 'origin' | 'data'>,
  frameWindow: Window | null | undefined,
  issuedOrigin: string,
): boolean {
  if (!frameWindow || event.source !== frameWindow || event.origin !== issuedOrigin) return false;
  const data: unknown = event.data;
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === FRAME_TOKEN_REQUEST
  );
}

export interface FrameTokenRefreshOptions {
  frame: RefObject<HTMLIFrameElement | null>;
  /** The menu entry the token is for; null: the frame has no subsystem token, nothing is heard. */
  menuId: number | null;
  /** The origin the frame's token was issued for; null as above. */
  issuedOrigin: string | null;
}

/**
 * A framed subsystem renews its token without a reload (docs/subsystems.md,
 * "Refreshing the frame token"): it posts `{type: FRAME_TOKEN_REQUEST}` to the
 * shell, which asks the endpoint again and answers `{type: FRAME_TOKEN_ANSWER,
 * token, expiresIn}` to that origin only (never `*`), or `FRAME_TOKEN_REFUSED`
 * when the endpoint refuses (the session ended) or no longer gives that origin a
 * token. Anything else is ignored; one request at a time is served.
 */
export function useFrameTokenRefresh({ frame, menuId, issuedOrigin }: FrameTokenRefreshOptions) {
  useEffect(() => {
    if (menuId === null || issuedOrigin === null) return;
    const id = menuId;
    const origin = issuedOrigin;
    let busy = false;
    let active = true;
    async function answer(target: Window) {
      let message: Record<string, unknown> = { type: FRAME_TOKEN_REFUSED };
      try {
        const fresh = await getFrameToken(id);
        if (fresh.token && fresh.origin === origin) {
          message = { type: FRAME_TOKEN_ANSWER, token: fresh.token, expiresIn: fresh.expiresIn };
        }
      } catch {
        // The endpoint refused (the session ended) or could not answer: refused it is.
      }
      if (active) target.postMessage(message, origin);
    }
    function onMessage(event: MessageEvent) {
      const frameWindow = frame.current?.contentWindow;
      if (busy || !frameWindow || !isFrameTokenRequest(event, frameWindow, origin)) return;
      busy = true;
      void answer(frameWindow).finally(() => {
        busy = false;
      });
    }
    window.addEventListener('message', onMessage);
    return () => {
      active = false;
      window.removeEventListener('message', onMessage);
    };
  }, [frame, menuId, issuedOrigin]);
}
