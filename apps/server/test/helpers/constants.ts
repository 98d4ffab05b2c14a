const DAY_MS = 86_400_000;

/**
 * The seed's "now": demo password ages are counted from it, and every test app's
 * clock starts a minute after it. 08:00 UTC of the day before the run, so it never
 * ages past what the database judges by its own clock (the audit trail's 180-day
 * archive rule uses `now()`): a fixed date did, 180 days on. The global setup fixes
 * it for the run (`CITYOPS_TEST_EPOCH`), so a run that passes midnight seeds and tests
 * at the same moment.
 */
export const TEST_EPOCH = new Date(
  process.env.CITYOPS_TEST_EPOCH ??
    Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS + 8 * 3_600_000,
);
process.env.CITYOPS_TEST_EPOCH ??= TEST_EPOCH.toISOString();

/** The demo menu's subsystems in their order; the administrator sees every one. */
export const DEMO_SUBSYSTEM_CODES = [
  'business_guide',
  'command_coordination',
  'industry_applications',
  'public_service',
  'map_editing',
  'data_exchange',
  'comprehensive_evaluation',
  'system_admin',
];

/**
 * The master key (SECRETS_KEY) of the test template and of every test app unless a
 * test gives its own: the template's data key is wrapped under it (lib/master-key.ts).
 */
export const TEST_SECRETS_KEY = Buffer.from('cityops test master key, 32 byte', 'utf8').toString(
  'base64',
);
