import type { Language } from '../messages.js';
import type { AuditActionDeclaration, Bilingual, FeatureManifest } from './manifest.js';
import { FEATURE_MANIFESTS } from './registry.gen.js';

export type * from './manifest.js';
/**
 * Every feature's manifest, found by `npm run registries` (scripts/registries.ts): a new
 * screen adds its manifest file beside these and nothing else. The order is the files'
 * (by name), which is the order of the audit screen's lists.
 */
export { FEATURE_MANIFESTS };

type Feature = (typeof FEATURE_MANIFESTS)[number];
type NamedPart = 'permissions' | 'auditActions' | 'auditFields' | 'auditTargets';
type KeysOf<F, P extends NamedPart> = F extends { readonly [K in P]: infer R }
  ? Extract<keyof R, string>
  : never;

/** Every permission code the manifests declare. */
export type FeaturePermissionCode = KeysOf<Feature, 'permissions'>;
/** Every audit action the manifests declare. */
export type FeatureAuditAction = KeysOf<Feature, 'auditActions'>;
/** Every field of a record's before and after the manifests label. */
export type FeatureAuditField = KeysOf<Feature, 'auditFields'>;
/** Every kind of record the manifests' audit records name as their target. */
export type FeatureAuditTarget = KeysOf<Feature, 'auditTargets'>;

type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (
  part: infer I,
) => void
  ? I
  : never;
type Flat<T> = { readonly [K in keyof T]: T[K] };
type PathsOf<F, Group extends string> = F extends {
  readonly paths: { readonly [K in Group]: infer P };
}
  ? P
  : never;
/** The paths of one group (`SYSTEM_PATHS`) over every manifest that declares some. */
export type FeaturePaths<Group extends string> = Flat<UnionToIntersection<PathsOf<Feature, Group>>>;

/** The keys one part of every manifest declares, in the manifests' order. */
export function featureKeys<Code extends string>(part: NamedPart): readonly Code[] {
  return FEATURE_MANIFESTS.flatMap((manifest: FeatureManifest) =>
    Object.keys(manifest[part] ?? {}),
  ) as Code[];
}

/**
 * What each audit action or target kind is called in each language
 * (`{ en: { 'user.create': 'User created' }, 'zh-CN': ... }`).
 */
export function featureNames<Code extends string>(
  part: 'auditActions' | 'auditTargets',
): Readonly<Record<Language, Readonly<Record<Code, string>>>> {
  const names = (language: Language) =>
    Object.fromEntries(
      FEATURE_MANIFESTS.flatMap((manifest: FeatureManifest) =>
        Object.entries(manifest[part] ?? {}).map(
          ([code, entry]: [string, AuditActionDeclaration | Bilingual]) =>
            [code, ('name' in entry ? entry.name : entry)[language]] as const,
        ),
      ),
    ) as Record<Code, string>;
  return { en: names('en'), 'zh-CN': names('zh-CN') };
}

/** The paths of one group, merged over every manifest that declares some. */
export function featurePaths<Group extends string>(group: Group): FeaturePaths<Group> {
  return Object.assign(
    {},
    ...FEATURE_MANIFESTS.map((manifest: FeatureManifest) => manifest.paths?.[group] ?? {}),
  ) as FeaturePaths<Group>;
}

/**
 * The administration console's paths (issue 12): users, roles, units and departments,
 * menus, the audit trail, sessions, settings, messages, subsystems, each from its
 * manifest's `SYSTEM_PATHS` part. Here, not in `api-paths.ts`, so that only the screens
 * that call the console load the manifests.
 */
export const SYSTEM_PATHS = /* @__PURE__ */ featurePaths('SYSTEM_PATHS');
