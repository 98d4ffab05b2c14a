import { ErrorCode, type MenuEntry } from '@cityops/contract';
import { parseOriginList } from '@cityops/contract';
import { isFramed } from './embedding';
import { runtimeConfig } from './runtime-config';

/** The codes other windows may send the shell (docs/sign-in.md, "Embedding and cross-window messages"). */
export type CrossWindowCode = typeof ErrorCode.TOKEN_INVALID | typeof ErrorCode.SESSION_GONE;

/** The origins of every configured subsystem address in the menu, recursively. */
export function subsystemOrigins(entries: readonly MenuEntry[]): Set<string> {
  const origins = new Set<string>();
  const visit = (list: readonly MenuEntry[]) => {
    for (const entry of list) {
      const url = entry.sysModels?.url;
      if (url && /^https?:\/\//i.test(url)) {
        try {
          origins.add(new URL(url).origin);
        } catch {
          // Not a URL: no origin to trust.
        }
      }
      visit(entry.sysModelVos ?? []);
      visit(entry.children ?? []);
    }
  };
  visit(entries);
  return origins;
}

/**
 * The subsystems the shell trusts: the origins of the menu's addresses and
 * those the server names in config.json (setting `embed.subsystemOrigins`).
 * They may send the shell `040005`/`000404` and be a message's link; no other
 * site may. Trust gives no token: the platform session token never leaves the
 * product's origin, and a framed subsystem gets its own token from the frame
 * token endpoint (features/menu, docs/subsystems.md).
 */
export function trustedSubsystemOrigins(entries: readonly MenuEntry[]): Set<string> {
  const origins = subsystemOrigins(entries);
  for (const origin of parseOriginList(runtimeConfig().subsystemOrigins.join(' '))) {
    origins.add(origin);
  }
  return origins;
}

/**
 * The code of a message the shell acts on, or null: only from this product's
 * own origin or a configured subsystem's, and only `040005` or `000404`.
 */
export function acceptedCode(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  trusted: ReadonlySet<string>,
  ownOrigin: string = window.location.origin,
): CrossWindowCode | null {
  if (event.origin !== ownOrigin && !trusted.has(event.origin)) return null;
  const data: unknown = event.data;
  const code =
    typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : undefined;
  return code === ErrorCode.TOKEN_INVALID || code === ErrorCode.SESSION_GONE ? code : null;
}

/**
 * When this page runs in another window's frame and its token is refused, it
 * tells the parent (`040005`), which then signs out as a whole. Only a code
 * travels, so the parent's origin need not be known (Chromium names it in
 * `ancestorOrigins`; elsewhere any parent may read the code).
 */
export function tellParentTokenRefused(): void {
  if (!isFramed()) return;
  const target = window.location.ancestorOrigins?.[0] ?? '*';
  window.parent.postMessage({ code: ErrorCode.TOKEN_INVALID }, target);
}
