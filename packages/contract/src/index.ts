// Plain modules (no zod): safe for the web app's first screens.
export * from './access.js';
export {
  FEATURE_MANIFESTS,
  type AuditActionDeclaration,
  type AuditFieldDeclaration,
  type AuditValueKind,
  type Bilingual,
  type FeatureAuditAction,
  type FeatureAuditField,
  type FeatureAuditTarget,
  type FeatureManifest,
  type FeaturePermissionCode,
  type MenuEntryDeclaration,
  type PathGroup,
  type PermissionDeclaration,
} from './features/index.js';
export * from './api-paths.js';
export * from './constants.js';
export * from './envelope.js';
export * from './error-codes.js';
export * from './menu-rules.js';
export * from './messages.js';
export * from './message-catalog.js';
export * from './rules.js';
export * from './auth-constants.js';
export * from './auth-messages.js';
export * from './message-rules.js';
export * from './business-guide-rules.js';
export * from './business-guide-messages.js';
export * from './gis-rules.js';
export * from './security-rules.js';
export * from './system-rules.js';
export * from './system-messages.js';
export * from './audit-rules.js';
export * from './second-factor-rules.js';
export * from './settings-rules.js';
export * from './subsystem-rules.js';
// zod schemas: the server, the OpenAPI document and tests.
export * from './auth.js';
export * from './envelope-schemas.js';
export * from './menu.js';
export * from './organization.js';
export * from './system.js';
export * from './validation.js';
export * from './zod-messages.js';
export * from './files.js';
export * from './account.js';
export * from './notifications.js';
export * from './profile.js';
export * from './business-guide.js';
export * from './gis.js';
export * from './administration.js';
export * from './audit.js';
export * from './audit-names.js';
export * from './audit-fields.js';
export * from './second-factor.js';
export * from './sessions.js';
export * from './settings.js';
export * from './subsystem-provider.js';
