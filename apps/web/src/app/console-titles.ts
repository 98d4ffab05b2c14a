import {
  type Bilingual,
  FEATURE_MANIFESTS,
  type FeatureManifest,
  type MenuEntryDeclaration,
} from '@cityops/contract';

const entries: readonly MenuEntryDeclaration[] = FEATURE_MANIFESTS.flatMap(
  (manifest: FeatureManifest) => manifest.menu ?? [],
);

/** The built-in menu pages of the manifests, by address. */
export const consoleMenuPages = new Map(
  entries.flatMap((entry) =>
    entry.kind === 'page' && entry.url ? [[entry.url, entry] as const] : [],
  ),
);

/** A console screen's title: its menu entry's name in both languages. */
export function consoleTitle(path: string): Bilingual {
  const entry = consoleMenuPages.get(path);
  if (!entry) throw new Error(`No feature manifest declares a menu page at ${path}`);
  return entry.name;
}
