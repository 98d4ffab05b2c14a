import { useEffect, useState } from 'react';

/** The rows of a window's viewport that the person actually sees, in its own coordinates. */
export interface VisibleBand {
  top: number;
  height: number;
}

/** The part of `Window` this needs; a test passes plain objects. */
export interface BandWindow {
  innerHeight: number;
  parent: BandWindow;
  frameElement: { getBoundingClientRect(): { top: number }; clientTop: number } | null;
}

/**
 * The band of `win`'s viewport that its top window shows. A console page runs inside
 * the shell's frame, which can reach below the window (a notice above it, a short
 * window): a dialog sized to the frame's own viewport would put its buttons out of
 * sight. Each frame of the same origin up the chain clips the band; a frame of
 * another origin hides its window (`frameElement` is null, or reading it throws),
 * so the band stops there.
 */
export function visibleBand(win: BandWindow): VisibleBand {
  let top = 0;
  let bottom = win.innerHeight;
  // Where this window's top edge lies in the coordinates of the ancestor reached.
  let offset = 0;
  let current = win;
  try {
    while (current.parent !== current && current.frameElement) {
      const frame = current.frameElement;
      offset += frame.getBoundingClientRect().top + frame.clientTop;
      const parent = current.parent;
      top = Math.max(top, -offset);
      bottom = Math.min(bottom, parent.innerHeight - offset);
      current = parent;
    }
  } catch {
    // An ancestor of another origin: what it shows cannot be known.
  }
  return { top, height: Math.max(0, bottom - top) };
}

/** The windows of the same origin from `win` up to the top, `win` first. */
function windowsUp(win: Window): Window[] {
  const chain = [win];
  try {
    let current = win;
    while (current.parent !== current && current.frameElement) {
      current = current.parent;
      chain.push(current);
    }
  } catch {
    // Another origin above: stop there.
  }
  return chain;
}

/**
 * `visibleBand(window)`, kept current while mounted: on a resize or a scroll of this
 * window or of a window above it, and when the page around the frame changes size
 * (a notice above it appears or goes).
 */
export function useVisibleBand(): VisibleBand {
  const [band, setBand] = useState(() => visibleBand(window));
  useEffect(() => {
    const update = () =>
      setBand((previous) => {
        const next = visibleBand(window);
        return next.top === previous.top && next.height === previous.height ? previous : next;
      });
    const chain = windowsUp(window);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    for (const each of chain) {
      each.addEventListener('resize', update);
      each.addEventListener('scroll', update, { capture: true, passive: true });
      if (each !== window) observer?.observe(each.document.documentElement);
    }
    update();
    return () => {
      for (const each of chain) {
        each.removeEventListener('resize', update);
        each.removeEventListener('scroll', update, { capture: true });
      }
      observer?.disconnect();
    };
  }, []);
  return band;
}
