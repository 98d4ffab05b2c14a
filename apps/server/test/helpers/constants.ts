/** The seed's "now": demo password ages are counted from it. */
export const TEST_EPOCH = new Date('2026-06-01T08:00:00Z');

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
