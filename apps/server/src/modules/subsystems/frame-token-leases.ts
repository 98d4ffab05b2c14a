/**
 * Frame tokens taken from the shared limits ahead of use, per process (issue 32,
 * docs/performance.md "Frame tokens leased").
 *
 * The two limits of a frame token (per session, `rate.frameTokenPerMinute`, and per
 * subsystem) are counted in the database every instance shares, atomically. A session
 * that keeps asking takes its next tokens from those counts in advance: one statement
 * takes `want` of them (granted only as far as both limits allow, so the total across
 * instances never passes either limit), and the next `granted - 1` requests of that
 * session for that subsystem on this instance are answered from here without a
 * statement. `want` starts at 1 and doubles with each statement of a window up to a
 * tenth of the smaller limit (at most 64): a session that asks once a minute takes one
 * at a time, exactly as before; what one instance holds back unused at a window's end
 * is at most what the session used in it.
 *
 * A repeat within the token's lifetime (the window of its record on the trail) is
 * counted here and written to its sign-in (`frame_repeats`) by `takeRepeats`, every
 * few seconds and when the server stops.
 */

/** The most one statement takes ahead, whatever the limits. */
export const MOST_TAKEN_AHEAD = 64;

interface Lease {
  sessionTokenHash: string;
  subsystemId: number;
  /** Tokens granted by both limits and not given yet. */
  left: number;
  /** When the earlier of the two limits' windows ends (ms). */
  limitsEndAtMs: number;
  /** How many the next statement asks for. */
  nextWant: number;
  /** The time of the window's record on the trail (its sign-in's `frame_recorded_at`). */
  recordedAt: Date | null;
  /** When that window ends: its record's time plus the token's lifetime (ms). */
  repeatsUntilMs: number;
  /** Repeats given from here and not yet written to the sign-in. */
  unsavedRepeats: number;
}

/** Repeats of one window to add to its sign-in. */
export interface UnsavedRepeats {
  sessionTokenHash: string;
  subsystemId: number;
  recordedAt: Date;
  repeats: number;
}

export class FrameTokenLeases {
  private readonly leases = new Map<string, Lease>();

  /**
   * One token from what this session took ahead for this subsystem, or null when there is
   * none left in the limits' window (a statement must count it). `repeated` says whether
   * it falls within the window of a record on the trail (counted here) or opens a new one.
   */
  take(sessionTokenHash: string, subsystemId: number, nowMs: number): { repeated: boolean } | null {
    const lease = this.leases.get(keyOf(sessionTokenHash, subsystemId));
    if (!lease) return null;
    if (nowMs >= lease.limitsEndAtMs) {
      lease.left = 0;
      lease.nextWant = 1;
    }
    if (lease.left <= 0) return null;
    lease.left -= 1;
    const repeated = lease.recordedAt !== null && nowMs < lease.repeatsUntilMs;
    if (repeated) lease.unsavedRepeats += 1;
    return { repeated };
  }

  /** How many the next statement for this session and subsystem asks for. */
  want(sessionTokenHash: string, subsystemId: number, smallerLimit: number): number {
    const lease = this.leases.get(keyOf(sessionTokenHash, subsystemId));
    const most = Math.max(1, Math.min(MOST_TAKEN_AHEAD, Math.floor(smallerLimit / 10)));
    return Math.min(lease?.nextWant ?? 1, most);
  }

  /**
   * What a statement granted: `granted` tokens (one of them answers the request that asked),
   * counted by both limits until `limitsEndAtMs`, and the window on the trail it found.
   */
  granted(grant: {
    sessionTokenHash: string;
    subsystemId: number;
    wanted: number;
    granted: number;
    limitsEndAtMs: number;
    recordedAt: Date | null;
    windowSeconds: number;
  }): void {
    const lease = this.leaseOf(grant.sessionTokenHash, grant.subsystemId);
    lease.left += Math.max(0, grant.granted - 1);
    lease.limitsEndAtMs = grant.limitsEndAtMs;
    lease.nextWant = grant.wanted * 2;
    if (grant.recordedAt) this.windowOpened({ ...grant, recordedAt: grant.recordedAt });
  }

  /**
   * A window on the trail began at `recordedAt` (this request's record, or another's it
   * counted as a repeat). Repeats of an earlier window are dropped: its sign-in counts the
   * current window's only (`recordFrame` starts it at 0).
   */
  windowOpened(window: {
    sessionTokenHash: string;
    subsystemId: number;
    recordedAt: Date;
    windowSeconds: number;
  }): void {
    const lease = this.leaseOf(window.sessionTokenHash, window.subsystemId);
    if (lease.recordedAt?.getTime() !== window.recordedAt.getTime()) lease.unsavedRepeats = 0;
    lease.recordedAt = window.recordedAt;
    lease.repeatsUntilMs = window.recordedAt.getTime() + window.windowSeconds * 1000;
  }

  /** The repeats not yet written, taken; leases whose windows have both ended are forgotten. */
  takeRepeats(nowMs: number): UnsavedRepeats[] {
    const taken: UnsavedRepeats[] = [];
    for (const [key, lease] of this.leases) {
      if (lease.unsavedRepeats > 0 && lease.recordedAt) {
        taken.push({
          sessionTokenHash: lease.sessionTokenHash,
          subsystemId: lease.subsystemId,
          recordedAt: lease.recordedAt,
          repeats: lease.unsavedRepeats,
        });
        lease.unsavedRepeats = 0;
      }
      if (nowMs >= lease.limitsEndAtMs && nowMs >= lease.repeatsUntilMs) this.leases.delete(key);
    }
    return taken;
  }

  /** How many sessions and subsystems are held here (for tests and the bench). */
  get size(): number {
    return this.leases.size;
  }

  private leaseOf(sessionTokenHash: string, subsystemId: number): Lease {
    const key = keyOf(sessionTokenHash, subsystemId);
    let lease = this.leases.get(key);
    if (!lease) {
      lease = {
        sessionTokenHash,
        subsystemId,
        left: 0,
        limitsEndAtMs: 0,
        nextWant: 1,
        recordedAt: null,
        repeatsUntilMs: 0,
        unsavedRepeats: 0,
      };
      this.leases.set(key, lease);
    }
    return lease;
  }
}

function keyOf(sessionTokenHash: string, subsystemId: number): string {
  return `${subsystemId}:${sessionTokenHash}`;
}
