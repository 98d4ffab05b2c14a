/**
 * Every browser test comes from 127.0.0.1, so the per-address limits of the
 * calls that need no sign-in, the address lock and the ceiling on tokens that fail
 * (every tab of an ended session presents one) would soon refuse the whole
 * suite: its servers get room enough. The limits themselves are tested in the
 * server suite (apps/server/test/plugins/request-limits.test.ts).
 */
const generous = [
  'rate.pubKeyPerMinute',
  'rate.signInPerMinute',
  'rate.captchaPerMinute',
  'rate.qrTicketPerMinute',
  'rate.qrStatusPerMinute',
  'rate.smsPerMinute',
  'rate.recoveryPerMinute',
  'rate.publicReadPerMinute',
  'login.addressLockAfterFailures',
  'rate.badTokenPerMinute',
];

export async function relaxLimits(baseURL: string): Promise<void> {
  for (const key of generous) {
    const response = await fetch(`${baseURL}/api/test-hooks/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key, value: '100000' }),
    });
    if (!response.ok) throw new Error(`${baseURL}: setting ${key} failed (${response.status})`);
  }
}
