import { afterEach, describe, expect, it, vi } from 'vitest';
import { links, paths } from '@/lib/paths';
import { registerNavigate } from './navigation';
import { forgetSignedOutReason, signOut, signedOutReason } from './sign-out';

afterEach(() => forgetSignedOutReason());

describe('signing out', () => {
  it('shows the bare sign-in page by default', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    await signOut({ revoke: false, reason: 'idle' });
    expect(navigate).toHaveBeenCalledWith(paths.login, { replace: true });
    expect(signedOutReason()).toBe('idle');
  });

  it("goes to the sign-in page that comes back to a subsystem's sign-in, saying why (issue 32)", async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    const to = links.login(`${paths.sso}?uid=abc`);
    await signOut({ revoke: false, reason: 'signInAgain', to });
    expect(navigate).toHaveBeenCalledWith(to, { replace: true });
    expect(to).toBe('/login?redirect=%2Fsso%3Fuid%3Dabc');
    expect(signedOutReason()).toBe('signInAgain');
  });
});
