import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '@/lib/runtime-config';
import { toast } from '@/lib/toast';

/** What counts as activity: any key, click, touch, scroll or pointer movement. */
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;
/** How often the time since the last activity is looked at. */
const CHECK_MS = 15_000;

/**
 * A message counts as activity only from a frame of this page whose origin is the
 * platform's own or a trusted subsystem's (`subsystemOrigins` of config.json): any other
 * window or site that can post to the tab (an opener, a pop-up, an embedding page)
 * must not keep an idle session open.
 */
function fromOwnFrame(event: MessageEvent, trusted: readonly string[]): boolean {
  if (event.origin !== window.location.origin && !trusted.includes(event.origin)) return false;
  for (let index = 0; index < window.frames.length; index++) {
    if (window.frames[index] === event.source) return true;
  }
  return false;
}

/**
 * Idle sign-out (setting `session.idleMinutes`, handed over in config.json; 0 is
 * off): after that many minutes without a key press, click, touch or scroll in
 * this tab, the user is told and signed out. Activity in a frame (a subsystem
 * of another origin) is not seen; a framed subsystem that wants to keep the session
 * alive posts any message to the product, which counts as activity (`fromOwnFrame`).
 * The server ends the session after the same time without a request in any case
 * (apps/server/src/modules/auth/auth.service.ts, `endedIdle`).
 */
export function useIdleSignOut(onIdle: () => void, minutes = runtimeConfig().idleMinutes): void {
  const { t } = useTranslation();
  const signOut = useRef(onIdle);
  useEffect(() => {
    signOut.current = onIdle;
  }, [onIdle]);
  useEffect(() => {
    if (!minutes || minutes <= 0) return undefined;
    const limit = minutes * 60_000;
    let last = Date.now();
    let done = false;
    const active = () => {
      last = Date.now();
    };
    const trusted = runtimeConfig().subsystemOrigins;
    const message = (event: MessageEvent) => {
      if (fromOwnFrame(event, trusted)) active();
    };
    const check = () => {
      if (done || Date.now() - last < limit) return;
      done = true;
      toast.warning({ content: t('shell.idleSignedOut', { minutes }), duration: 5 });
      signOut.current();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, active, { passive: true });
    window.addEventListener('message', message);
    // A laptop that slept: looked at as soon as the tab is seen again.
    document.addEventListener('visibilitychange', check);
    const timer = window.setInterval(check, Math.min(CHECK_MS, limit));
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, active);
      window.removeEventListener('message', message);
      document.removeEventListener('visibilitychange', check);
      window.clearInterval(timer);
    };
  }, [minutes, t]);
}
