import {
  BUSINESS_GUIDE_CODE,
  type MenuEntry,
  decideMenuClick,
  subEntriesOf,
} from '@cityops/contract';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore } from '@/stores/app-store';
import { getOtherUrl } from '../api/get-other-url';
import { paths } from '@/lib/paths';

/**
 * Opens the integrated system's own address in the window opened during the
 * click (so no popup blocker interferes); it closes again if the call fails.
 */
async function openOwnWindow(popup: Window | null, id: string): Promise<void> {
  try {
    const { url } = await getOtherUrl(id);
    const address = new URL(url, window.location.href).toString();
    if (popup && !popup.closed) {
      popup.opener = null;
      popup.location.href = address;
    } else {
      window.open(address, '_blank', 'noopener,noreferrer');
    }
  } catch {
    // The HTTP client has shown the error.
    popup?.close();
  }
}

/** The sidebar's click rules (docs/shell.md, "Menu rules"), applied to the app state. */
export function useMenuActions() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const clickEntry = useCallback(
    (entry: MenuEntry) => {
      const app = useAppStore.getState();
      const decision = decideMenuClick(entry, {
        pathname,
        menuActive: app.menuActive,
        isIframe: app.isIframe,
        menuChild: app.menuChild,
      });
      if (decision.goRoot) void navigate(paths.home);
      const { effect } = decision;
      switch (effect.kind) {
        case 'integrated': {
          const popup = window.open('about:blank', '_blank');
          app.openInFrame(effect.child, BUSINESS_GUIDE_CODE);
          void openOwnWindow(popup, effect.child.sysModels.id);
          break;
        }
        case 'activate':
          app.setMenuActive(entry.code);
          // An entry without sub-entries opens its own address in the frame.
          if (subEntriesOf(entry).length === 0) app.openInFrame(entry, entry.code);
          break;
        case 'keep':
          break;
        case 'clearIframe':
          app.closeFrame();
          // The default active entry, clicked, becomes the person's choice.
          app.chooseMenuActive();
          break;
      }
    },
    [navigate, pathname],
  );

  /** A sub-entry of the active entry (panel or children menu) opens in the frame. */
  const openChild = useCallback(
    (child: MenuEntry, parentCode: string) => {
      if (pathname !== paths.home) void navigate(paths.home);
      useAppStore.getState().openInFrame(child, parentCode);
    },
    [navigate, pathname],
  );

  return { clickEntry, openChild };
}
