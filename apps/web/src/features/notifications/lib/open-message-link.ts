import { type MenuEntry, isAllowedMessageLink, subEntriesOf } from '@cityops/contract';
import { trustedSubsystemOrigins } from '@/lib/cross-window';
import { useAppStore } from '@/stores/app-store';

function sameAddress(link: string, entry: MenuEntry): boolean {
  try {
    const target = new URL(link, window.location.origin);
    const own = new URL(entry.sysModels.url, window.location.origin);
    for (const [key, value] of Object.entries(entry.sysModels.query))
      own.searchParams.set(key, value);
    if (target.origin !== own.origin || target.pathname !== own.pathname) return false;
    const wanted = [...target.searchParams.entries()].sort().join('&');
    const offered = [...own.searchParams.entries()].sort().join('&');
    return wanted === offered && target.hash === own.hash;
  } catch {
    return false;
  }
}

/**
 * Opens a message's link in the shell's frame: only when its
 * parent menu code is one of the user's menu entries and the link leads, once
 * resolved as the browser resolves it, to the product or a configured subsystem
 * (the frame hands the reader's token to it), by the check the server applied
 * when the message was sent (`isAllowedMessageLink`). A link anywhere else does not
 * open: a message cannot send the reader's session to another site. The entry
 * becomes active; a sub-entry with the same address is shown as if clicked, any
 * other address as a page of that entry. Returns whether it opened.
 */
export function openMessageLink(link: string, oneType: string, title: string): boolean {
  const app = useAppStore.getState();
  const parent = app.menuList.find((entry) => entry.code === oneType);
  if (!link || !parent) return false;
  const trusted = trustedSubsystemOrigins(app.menuList);
  if (!isAllowedMessageLink(link, window.location.href, trusted)) return false;
  const known = subEntriesOf(parent).find((child) => sameAddress(link, child));
  const entry: MenuEntry = known ?? {
    code: `${parent.code}:message`,
    name: title,
    nameEn: title,
    icon: null,
    hasTwo: false,
    sysModelVos: [],
    children: [],
    sysModels: { id: '', url: link, query: {}, integrated: false },
  };
  app.openInFrame(entry, parent.code);
  return true;
}
