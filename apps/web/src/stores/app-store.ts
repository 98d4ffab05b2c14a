import {
  DEFAULT_ACTIVE_MENU,
  DEFAULT_SIZE,
  type Language,
  type MenuEntry,
  isChildrenMenuCode,
  subEntriesOf,
} from '@cityops/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { startsEmbedded, stateKey } from '@/lib/embedding';
import { detectLanguage } from '@/lib/i18n';
import { rootFontSize, uiScale } from '@/lib/root-font-size';
import { StorageKey, local } from '@/lib/storage';

export type Device = 'desktop' | 'mobile';
export type Size = 'large' | 'medium' | 'small';

/** The application state: layout, language, size, the menu and the frame it shows. */
export interface AppState {
  device: Device;
  sidebar: { opened: boolean; withoutAnimation: boolean };
  language: Language;
  size: Size;
  menuActive: string;
  /**
   * The person chose the active entry (a click in the sidebar, on a card, a message's
   * link). The default active entry, or the first of a loaded menu, is not a choice:
   * the home page then marks no entry (issue 24).
   */
  menuChosen: boolean;
  menuList: MenuEntry[];
  /** The active entry's sub-entries: `sysModelVos` when `hasTwo`, else `children`. */
  menuData: MenuEntry[];
  /** Set only while the command coordination entry is active. */
  isChildrenMenu: boolean;
  menuChild: MenuEntry | null;
  isIframe: boolean;
  iframeUrl: string;
  loading: boolean;
  errorText: string;
  systemName: string;
  dialogVisible: boolean;
  /** Running inside another site's frame (`embed=true`). */
  embedded: boolean;
  /** The root font size in px (lib/root-font-size.ts); antd's theme follows it. */
  rootFontSize: number;
}

export interface AppActions {
  /** Opens or closes the sidebar; on a desktop that is the person's choice, kept in `sidebarStatus`. */
  toggleSidebar(withoutAnimation?: boolean): void;
  closeSidebar(withoutAnimation?: boolean): void;
  /**
   * The window's width decided the device: a phone's menu is a drawer, closed at first;
   * a desktop's sidebar is as the person left it. Never writes `sidebarStatus`.
   */
  toggleDevice(device: Device): void;
  setLanguage(language: Language): void;
  setSize(size: Size): void;
  setMenuActive(code: string): void;
  /** The person clicked the active entry itself: it is theirs now, as if activated. */
  chooseMenuActive(): void;
  /**
   * Shows a menu entry's page in the frame while `parentCode` is the active sidebar
   * entry (activating it first). An empty url still counts as showing: the frame
   * stays empty.
   */
  openInFrame(entry: MenuEntry, parentCode: string): void;
  /** Back to the router's page at "/": no entry shows in the frame. */
  closeFrame(): void;
  setIframe(url: string): void;
  setLoading(loading: boolean): void;
  setMenuChild(child: MenuEntry | null): void;
  setMenuList(list: MenuEntry[], childrenMenuCode: string): void;
  setDialogVisible(visible: boolean): void;
  resetSystem(): void;
  setSystemErrorText(text: string): void;
  setSystemName(name: string): void;
  setEmbedded(embedded: boolean): void;
  setRootFontSize(size: number): void;
}

/**
 * The person's own choice for the desktop sidebar: open unless they closed it. Only a
 * toggle on a desktop writes it; the phone's drawer opening and closing does not.
 */
const chosenSidebarOpened = () => local.get(StorageKey.sidebarStatus) !== '0';
const initialSize = (): Size => {
  const stored = local.get(StorageKey.size);
  return stored === 'large' || stored === 'small' ? stored : (DEFAULT_SIZE as Size);
};

/** What a reset returns to; device, sidebar, language and size are the user's and stay. */
const systemDefaults = {
  menuActive: DEFAULT_ACTIVE_MENU,
  menuChosen: false,
  menuList: [] as MenuEntry[],
  menuData: [] as MenuEntry[],
  isChildrenMenu: false,
  menuChild: null,
  isIframe: false,
  iframeUrl: '',
  loading: false,
  errorText: '',
  dialogVisible: false,
};

function menuDataOf(list: MenuEntry[], code: string): MenuEntry[] {
  const entry = list.find((item) => item.code === code);
  return entry ? subEntriesOf(entry) : [];
}

/**
 * The state of a newly active sidebar entry: its sub-entries, and no frame (the
 * last entry's frame page closes).
 */
function activation(
  { menuList, childrenMenuCode }: { menuList: MenuEntry[]; childrenMenuCode: string },
  code: string,
): Partial<AppState> {
  return {
    menuActive: code,
    menuChosen: true,
    menuData: menuDataOf(menuList, code),
    isChildrenMenu: isChildrenMenuCode(code, childrenMenuCode),
    isIframe: false,
    iframeUrl: '',
    menuChild: null,
  };
}

export const useAppStore = create<AppState & AppActions & { childrenMenuCode: string }>()(
  persist(
    (set, get) => ({
      device: 'desktop',
      sidebar: { opened: chosenSidebarOpened(), withoutAnimation: false },
      language: detectLanguage(),
      size: initialSize(),
      systemName: '',
      embedded: startsEmbedded(),
      rootFontSize: rootFontSize(window.innerWidth),
      childrenMenuCode: 'command_coordination',
      ...systemDefaults,

      toggleSidebar(withoutAnimation = false) {
        const opened = !get().sidebar.opened;
        if (get().device === 'desktop') local.set(StorageKey.sidebarStatus, opened ? '1' : '0');
        set({ sidebar: { opened, withoutAnimation } });
      },
      closeSidebar(withoutAnimation = false) {
        if (get().device === 'desktop') local.set(StorageKey.sidebarStatus, '0');
        set({ sidebar: { opened: false, withoutAnimation } });
      },
      toggleDevice(device) {
        const opened = device === 'desktop' && chosenSidebarOpened();
        set({ device, sidebar: { opened, withoutAnimation: true } });
      },
      setLanguage(language) {
        local.set(StorageKey.language, language);
        set({ language });
      },
      setSize(size) {
        local.set(StorageKey.size, size);
        set({ size });
      },
      setMenuActive(code) {
        set(activation(get(), code));
      },
      chooseMenuActive() {
        set({ menuChosen: true });
      },
      openInFrame(entry, parentCode) {
        const state = get();
        set({
          ...(state.menuActive === parentCode ? {} : activation(state, parentCode)),
          menuChosen: true,
          menuChild: entry,
          iframeUrl: entry.sysModels.url,
          isIframe: true,
        });
      },
      closeFrame() {
        set({ iframeUrl: '', isIframe: false });
      },
      setIframe(url) {
        set({ iframeUrl: url, isIframe: url !== '' });
      },
      setLoading(loading) {
        set({ loading });
      },
      setMenuChild(child) {
        set({ menuChild: child });
      },
      // Loading the menu stores the list; with no active entry the first becomes active.
      setMenuList(list, childrenMenuCode) {
        const current = get().menuActive;
        const kept = Boolean(current) && list.some((entry) => entry.code === current);
        const active = kept ? current : (list[0]?.code ?? current);
        set({
          menuList: list,
          // An entry put in place of one no longer listed was not chosen.
          menuChosen: kept && get().menuChosen,
          childrenMenuCode,
          menuActive: active,
          menuData: menuDataOf(list, active),
          isChildrenMenu: isChildrenMenuCode(active, childrenMenuCode),
        });
      },
      setDialogVisible(visible) {
        set({ dialogVisible: visible });
      },
      resetSystem() {
        set({ ...systemDefaults });
      },
      setSystemErrorText(text) {
        set({ errorText: text });
      },
      setSystemName(name) {
        set({ systemName: name });
      },
      setEmbedded(embedded) {
        set({ embedded });
      },
      setRootFontSize(size) {
        set({ rootFontSize: size });
      },
    }),
    {
      name: stateKey(StorageKey.appState),
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({
        menuActive,
        menuChosen,
        menuChild,
        isIframe,
        iframeUrl,
        systemName,
        size,
        device,
      }) => ({
        menuActive,
        menuChosen,
        menuChild,
        isIframe,
        iframeUrl,
        systemName,
        size,
        device,
      }),
    },
  ),
);

/** How much the interface grows with the root font (lib/root-font-size.ts): 1 up to 1920 px. */
export const useUiScale = (): number => useAppStore((state) => uiScale(state.rootFontSize));
