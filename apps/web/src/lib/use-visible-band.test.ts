import { describe, expect, it } from 'vitest';
import { type BandWindow, visibleBand } from './use-visible-band';

/** A top window of `height` rows. */
function topWindow(height: number): BandWindow {
  const win = { innerHeight: height, frameElement: null } as BandWindow;
  win.parent = win;
  return win;
}

/** A frame of `height` rows whose top edge is `top` rows below its parent's viewport top. */
function frameIn(parent: BandWindow, top: number, height: number, border = 0): BandWindow {
  return {
    innerHeight: height,
    parent,
    frameElement: { getBoundingClientRect: () => ({ top }), clientTop: border },
  };
}

describe('visibleBand: the rows of a viewport the person sees', () => {
  it('is the whole viewport of a top window', () => {
    expect(visibleBand(topWindow(768))).toEqual({ top: 0, height: 768 });
  });

  it('is cut at the window’s bottom edge for a frame that reaches below it', () => {
    // The shell's frame at 1366x768 while the two-step notice shows (issue 24).
    expect(visibleBand(frameIn(topWindow(768), 159, 682))).toEqual({ top: 0, height: 609 });
  });

  it('starts lower when the page above has scrolled the frame’s top out of view', () => {
    expect(visibleBand(frameIn(topWindow(768), -73, 682))).toEqual({ top: 73, height: 609 });
  });

  it('counts the frame’s border and every frame of the chain', () => {
    const outer = frameIn(topWindow(900), 100, 900, 2);
    // The outer frame's viewport starts at 102; the inner one at 102 + 700 = 802.
    expect(visibleBand(frameIn(outer, 700, 400))).toEqual({ top: 0, height: 98 });
  });

  it('stops at a parent of another origin, whose window it cannot read', () => {
    const foreign = {
      get innerHeight(): number {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    } as unknown as BandWindow;
    foreign.parent = foreign;
    expect(visibleBand(frameIn(foreign, 500, 600))).toEqual({ top: 0, height: 600 });
  });
});
