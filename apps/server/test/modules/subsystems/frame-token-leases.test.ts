import { describe, expect, it } from 'vitest';
import {
  FrameTokenLeases,
  MOST_TAKEN_AHEAD,
} from '../../../src/modules/subsystems/frame-token-leases.js';

const SESSION = 'digest-of-a-session';
const SUBSYSTEM = 7;
const MINUTE = 60_000;

/** What a statement would grant: everything asked for, within one minute from `nowMs`. */
function grantAll(
  leases: FrameTokenLeases,
  nowMs: number,
  smallerLimit: number,
  recordedAt: Date | null,
) {
  const wanted = leases.want(SESSION, SUBSYSTEM, smallerLimit);
  leases.granted({
    sessionTokenHash: SESSION,
    subsystemId: SUBSYSTEM,
    wanted,
    granted: wanted,
    limitsEndAtMs: nowMs + MINUTE,
    recordedAt,
    windowSeconds: 300,
  });
  return wanted;
}

describe('frame tokens taken ahead from the shared limits (issue 32)', () => {
  it('takes one at a time under a small limit, so the shared count decides every token', () => {
    const leases = new FrameTokenLeases();
    for (let round = 0; round < 5; round += 1) {
      expect(grantAll(leases, 0, 2, null)).toBe(1);
      expect(leases.take(SESSION, SUBSYSTEM, 1)).toBeNull();
    }
  });

  it('doubles what it takes while the session keeps asking, up to a tenth of the limit', () => {
    const leases = new FrameTokenLeases();
    const wanted: number[] = [];
    for (let statement = 0; statement < 6; statement += 1) {
      wanted.push(grantAll(leases, 0, 60, null));
      while (leases.take(SESSION, SUBSYSTEM, 1)) {
        // Given from here, no statement.
      }
    }
    expect(wanted).toEqual([1, 2, 4, 6, 6, 6]);
    expect(grantAll(leases, 0, 1_000_000, null)).toBeLessThanOrEqual(MOST_TAKEN_AHEAD);
  });

  it('gives nothing from a lease once the limits’ window has ended, and starts again at one', () => {
    const leases = new FrameTokenLeases();
    grantAll(leases, 0, 1_000, null);
    grantAll(leases, 0, 1_000, null);
    expect(leases.take(SESSION, SUBSYSTEM, MINUTE - 1)).not.toBeNull();
    expect(leases.take(SESSION, SUBSYSTEM, MINUTE)).toBeNull();
    expect(leases.want(SESSION, SUBSYSTEM, 1_000)).toBe(1);
  });

  it('counts repeats within the window on the trail and hands them over once', () => {
    const leases = new FrameTokenLeases();
    const recordedAt = new Date(0);
    // Three statements: 1, 2 and 4 taken, each answering one request; 4 left here.
    for (let statement = 0; statement < 3; statement += 1) grantAll(leases, 0, 1_000, recordedAt);
    expect(leases.take(SESSION, SUBSYSTEM, 1)).toEqual({ repeated: true });
    expect(leases.take(SESSION, SUBSYSTEM, 2)).toEqual({ repeated: true });
    expect(leases.takeRepeats(3)).toEqual([
      { sessionTokenHash: SESSION, subsystemId: SUBSYSTEM, recordedAt, repeats: 2 },
    ]);
    expect(leases.takeRepeats(4)).toEqual([]);
  });

  it('opens a new window on the trail past the token’s lifetime, dropping the old one’s repeats', () => {
    const leases = new FrameTokenLeases();
    const first = new Date(0);
    for (let statement = 0; statement < 4; statement += 1) grantAll(leases, 0, 1_000, first);
    expect(leases.take(SESSION, SUBSYSTEM, 1)).toEqual({ repeated: true });
    // Past the lifetime (300 s) but not the limits' window: a token to record again.
    leases.granted({
      sessionTokenHash: SESSION,
      subsystemId: SUBSYSTEM,
      wanted: 8,
      granted: 8,
      limitsEndAtMs: 400_000,
      recordedAt: first,
      windowSeconds: 300,
    });
    expect(leases.take(SESSION, SUBSYSTEM, 300_000)).toEqual({ repeated: false });
    const second = new Date(300_000);
    leases.windowOpened({
      sessionTokenHash: SESSION,
      subsystemId: SUBSYSTEM,
      recordedAt: second,
      windowSeconds: 300,
    });
    expect(leases.take(SESSION, SUBSYSTEM, 300_001)).toEqual({ repeated: true });
    expect(leases.takeRepeats(300_002)).toEqual([
      { sessionTokenHash: SESSION, subsystemId: SUBSYSTEM, recordedAt: second, repeats: 1 },
    ]);
  });

  it('forgets a session once both its windows have ended', () => {
    const leases = new FrameTokenLeases();
    grantAll(leases, 0, 1_000, new Date(0));
    expect(leases.size).toBe(1);
    leases.takeRepeats(MINUTE);
    expect(leases.size).toBe(1);
    leases.takeRepeats(300_000);
    expect(leases.size).toBe(0);
  });
});
