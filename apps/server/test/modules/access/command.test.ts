import { ErrorCode } from '@cityops/contract';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src/lib/app-error.js';
import type { AuthContext } from '../../../src/lib/auth-context.js';
import { CommandRunner } from '../../../src/modules/access/command.js';
import type { Repositories, WithTransaction } from '../../../src/repositories.js';

const auth: AuthContext = {
  userId: 7,
  username: 'unitadmin',
  roleIds: ['admin'],
  permissions: [],
  tokenHash: 'a'.repeat(64),
  client: { userAgent: 'test', ipAddress: '127.0.0.1' },
  secondFactorDue: false,
  passwordStatus: 0,
};

/** A runner over a fake transaction that records what it appends and whether it committed. */
function runner() {
  const append = vi.fn(async () => undefined);
  const log: string[] = [];
  const withTransaction: WithTransaction = async (work) => {
    log.push('begin');
    try {
      const result = await work({ audit: { append } } as unknown as Repositories);
      log.push('commit');
      return result;
    } catch (error) {
      log.push('rollback');
      throw error;
    }
  };
  const clock = { now: () => new Date('2026-11-29T08:00:00Z') };
  return { commands: new CommandRunner({ withTransaction, clock }), append, log };
}

describe('a command (modules/access/command.ts)', () => {
  it('records only the fields that changed, masked, under the action given', async () => {
    const { commands, append } = runner();
    const value = await commands.run(
      auth,
      async () => ({
        target: { kind: 'user', id: 3, name: 'li' },
        before: { name: 'Li', mobile: '13800138000', password: 'old' },
        after: { name: 'Li Lei', mobile: '13800138000', password: 'new' },
        value: 3,
      }),
      { action: 'user.update' },
    );
    expect(value).toBe(3);
    expect(append).toHaveBeenCalledTimes(1);
    expect(append.mock.calls[0]).toMatchObject([
      expect.any(Date),
      { actorId: 7, actorName: 'unitadmin' },
      {
        action: 'user.update',
        outcome: 'success',
        target: { kind: 'user', id: 3, name: 'li' },
        before: { name: 'Li', password: '******' },
        after: { name: 'Li Lei', password: '******' },
      },
    ]);
  });

  it('answers a stale version as changed by someone else and a missing row as not found, recording nothing', async () => {
    for (const [outcome, code] of [
      ['conflict', ErrorCode.CONFLICT],
      ['missing', ErrorCode.NOT_FOUND],
    ] as const) {
      const { commands, append, log } = runner();
      const afterCommit = vi.fn();
      const run = commands.run(
        auth,
        async () => ({ outcome, target: { kind: 'unit', id: 1 }, value: 1 }),
        { action: 'unit.update', afterCommit },
      );
      await expect(run).rejects.toBeInstanceOf(AppError);
      await expect(run).rejects.toMatchObject({ code });
      expect(append).not.toHaveBeenCalled();
      expect(afterCommit).not.toHaveBeenCalled();
      expect(log).toEqual(['begin', 'rollback']);
    }
  });

  it('asks why a write was held back only after its transaction, and runs afterCommit only after a commit', async () => {
    const { commands, log } = runner();
    const blocked = vi.fn(async () => {
      log.push('blocked read');
      return new AppError(ErrorCode.CONFLICT, { messageKey: 'system.unit.inUse' });
    });
    await expect(
      commands.run(
        auth,
        async () => ({ outcome: 'blocked', target: { kind: 'unit', id: 1 }, value: 1 }),
        {
          action: 'unit.delete',
          blocked,
        },
      ),
    ).rejects.toBeInstanceOf(AppError);
    expect(log).toEqual(['begin', 'commit', 'blocked read']);

    const afterCommit = vi.fn(() => {
      log.push('after commit');
    });
    await commands.run(auth, async () => ({ target: { kind: 'setting', id: 'map' }, value: 0 }), {
      action: 'settings.update',
      afterCommit,
    });
    expect(log.slice(-2)).toEqual(['commit', 'after commit']);
  });
});
