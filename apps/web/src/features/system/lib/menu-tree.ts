import type { AdminMenuEntry } from '@cityops/contract';
import { localName } from '@/lib/local-name';

export function allEntries(entries: readonly AdminMenuEntry[]): AdminMenuEntry[] {
  return entries.flatMap((entry) => [entry, ...allEntries(entry.children)]);
}

export function findEntry(
  entries: readonly AdminMenuEntry[],
  id: number | null | undefined,
): AdminMenuEntry | undefined {
  if (id === null || id === undefined) return undefined;
  return allEntries(entries).find((entry) => entry.id === id);
}

export interface ParentOption {
  value: number;
  title: string;
  children: ParentOption[];
}

/**
 * The entries a menu entry may be placed under, as TreeSelect data: directories
 * and pages (an action holds nothing), without the entry itself and its branch.
 */
export function menuParentOptions(
  entries: readonly AdminMenuEntry[],
  language: string,
  exclude?: number,
): ParentOption[] {
  return entries
    .filter((entry) => entry.kind !== 'action' && entry.id !== exclude)
    .map((entry) => ({
      value: entry.id,
      title: localName(entry, language),
      children: menuParentOptions(entry.children, language, exclude),
    }));
}

/** The entries placed directly under `parentId` (the top level for null). */
export function siblingsOf(
  entries: readonly AdminMenuEntry[],
  parentId: number | null,
): readonly AdminMenuEntry[] {
  return parentId === null ? entries : (findEntry(entries, parentId)?.children ?? []);
}

/** An address with its extra query, joined as the server joins them (`&` after an existing `?`). */
export function addressWithQuery(url: string, query: Record<string, string>): string {
  const extra = new URLSearchParams(query).toString();
  if (extra === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${extra}`;
}
