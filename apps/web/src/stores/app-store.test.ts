import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuEntry } from '@/testing/fixtures';

/** A fresh copy of the store module, as on a page load, reading what storage holds. */
async function loadStore() {
  vi.resetModules();
  const { useAppStore } = await import('./app-store');
  return useAppStore;
}

const guide = menuEntry('business_guide', { children: [menuEntry('laws')] });
const command = menuEntry('command_coordination', {
  hasTwo: true,
  sysModelVos: [menuEntry('dispatch'), menuEntry('duty')],
  children: [menuEntry('ignored')],
});
const service = menuEntry('public_service');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.resetModules());

describe('application state', () => {
  it('starts with the defaults: sidebar open, size medium, active menu business_guide', async () => {
    const store = await loadStore();
    const state = store.getState();
    expect(state.sidebar.opened).toBe(true);
    expect(state.size).toBe('medium');
    expect(state.menuActive).toBe('business_guide');
    expect(state.device).toBe('desktop');
    expect(state.isIframe).toBe(false);
    expect(state.errorText).toBe('');
  });

  it('persists the sidebar status in local storage under "sidebarStatus"', async () => {
    let store = await loadStore();
    store.getState().toggleSidebar();
    expect(localStorage.getItem('sidebarStatus')).toBe('0');
    expect(store.getState().sidebar.opened).toBe(false);

    store = await loadStore();
    expect(store.getState().sidebar.opened).toBe(false);
    store.getState().toggleSidebar();
    expect(localStorage.getItem('sidebarStatus')).toBe('1');
    store.getState().closeSidebar(true);
    expect(store.getState().sidebar).toEqual({ opened: false, withoutAnimation: true });
    expect(localStorage.getItem('sidebarStatus')).toBe('0');
  });

  it("a narrow window closes the sidebar without overwriting the person's choice", async () => {
    const store = await loadStore();
    expect(store.getState().sidebar.opened).toBe(true);

    store.getState().toggleDevice('mobile');
    expect(store.getState().device).toBe('mobile');
    expect(store.getState().sidebar.opened).toBe(false);
    expect(localStorage.getItem('sidebarStatus')).toBeNull();
    // The phone's drawer opens and closes; that is not the desktop sidebar's status.
    store.getState().toggleSidebar();
    store.getState().closeSidebar();
    expect(localStorage.getItem('sidebarStatus')).toBeNull();

    store.getState().toggleDevice('desktop');
    expect(store.getState().device).toBe('desktop');
    expect(store.getState().sidebar.opened).toBe(true);
  });

  it('a sidebar the person collapsed stays collapsed after a narrow window, drawer opened or not', async () => {
    const store = await loadStore();
    store.getState().toggleSidebar();
    expect(localStorage.getItem('sidebarStatus')).toBe('0');

    store.getState().toggleDevice('mobile');
    store.getState().toggleSidebar();
    expect(store.getState().sidebar.opened).toBe(true);
    expect(localStorage.getItem('sidebarStatus')).toBe('0');

    store.getState().toggleDevice('desktop');
    expect(store.getState().sidebar.opened).toBe(false);
    expect(localStorage.getItem('sidebarStatus')).toBe('0');
  });

  it('persists language and size in local storage under "language" and "size"', async () => {
    let store = await loadStore();
    store.getState().setLanguage('en');
    store.getState().setSize('large');
    expect(localStorage.getItem('language')).toBe('en');
    expect(localStorage.getItem('size')).toBe('large');

    store = await loadStore();
    expect(store.getState().language).toBe('en');
    expect(store.getState().size).toBe('large');
  });

  it('persists the state in session storage and restores it on the next load', async () => {
    let store = await loadStore();
    store.getState().setSystemName('City platform');
    store.getState().setMenuList([guide, command, service], 'command_coordination');
    store.getState().setMenuActive('public_service');
    store.getState().setIframe('https://sub.example/page');

    const saved = JSON.parse(sessionStorage.getItem('appState') ?? 'null') as {
      state: Record<string, unknown>;
    };
    expect(saved.state).toMatchObject({
      menuActive: 'public_service',
      systemName: 'City platform',
      isIframe: true,
      iframeUrl: 'https://sub.example/page',
    });
    expect(localStorage.getItem('appState')).toBeNull();

    store = await loadStore();
    expect(store.getState()).toMatchObject({
      menuActive: 'public_service',
      systemName: 'City platform',
      iframeUrl: 'https://sub.example/page',
    });
  });

  it('loading the menu keeps an active entry that exists, else makes the first one active', async () => {
    const store = await loadStore();
    store.getState().setMenuList([guide, service], 'command_coordination');
    expect(store.getState().menuActive).toBe('business_guide');
    expect(store.getState().menuData.map((entry) => entry.code)).toEqual(['laws']);

    store.getState().resetSystem();
    store.getState().setMenuActive('gone');
    store.getState().setMenuList([service, guide], 'command_coordination');
    expect(store.getState().menuActive).toBe('public_service');
  });

  it('an active entry is chosen only by the person: not the default, not a stand-in for one gone', async () => {
    let store = await loadStore();
    store.getState().setMenuList([guide, service], 'command_coordination');
    expect(store.getState().menuChosen).toBe(false);

    store.getState().setMenuActive('public_service');
    expect(store.getState().menuChosen).toBe(true);
    // Chosen survives a reload of the browser tab, as the active entry does.
    store = await loadStore();
    expect(store.getState().menuChosen).toBe(true);

    // The chosen entry left the menu: the first one stands in, unchosen.
    store.getState().setMenuList([guide], 'command_coordination');
    expect(store.getState()).toMatchObject({ menuActive: 'business_guide', menuChosen: false });
    store.getState().chooseMenuActive();
    expect(store.getState().menuChosen).toBe(true);

    store.getState().resetSystem();
    expect(store.getState().menuChosen).toBe(false);
    store.getState().openInFrame(service, 'public_service');
    expect(store.getState().menuChosen).toBe(true);
  });

  it('menu data comes from sysModelVos when hasTwo, else children; the children flag only for command coordination', async () => {
    const store = await loadStore();
    store.getState().setMenuList([guide, command], 'command_coordination');
    store.getState().setMenuActive('command_coordination');
    expect(store.getState().menuData.map((entry) => entry.code)).toEqual(['dispatch', 'duty']);
    expect(store.getState().isChildrenMenu).toBe(true);

    store.getState().setMenuActive('business_guide');
    expect(store.getState().menuData.map((entry) => entry.code)).toEqual(['laws']);
    expect(store.getState().isChildrenMenu).toBe(false);
  });

  it('setting the active menu resets the iframe', async () => {
    const store = await loadStore();
    store.getState().setMenuList([guide, service], 'command_coordination');
    store.getState().setIframe('https://sub.example/');
    store.getState().setMenuChild(menuEntry('laws'));
    expect(store.getState().isIframe).toBe(true);

    store.getState().setMenuActive('public_service');
    expect(store.getState()).toMatchObject({ isIframe: false, iframeUrl: '', menuChild: null });
  });

  it('reset returns the system state to its defaults and keeps the user choices', async () => {
    const store = await loadStore();
    store.getState().setSize('small');
    store.getState().closeSidebar();
    store.getState().setMenuList([service], 'command_coordination');
    store.getState().setSystemErrorText('Server exception');
    store.getState().setLoading(true);
    store.getState().setDialogVisible(true);

    store.getState().resetSystem();
    expect(store.getState()).toMatchObject({
      menuActive: 'business_guide',
      menuList: [],
      errorText: '',
      loading: false,
      dialogVisible: false,
      size: 'small',
      sidebar: { opened: false },
    });
  });
});

describe('frame intents', () => {
  const laws = menuEntry('laws', {
    sysModels: { id: 'l', url: '/laws.html', query: {}, integrated: false },
  });

  it('opens an entry of another sidebar entry in the frame: that entry becomes active first', async () => {
    const store = await loadStore();
    store.getState().setMenuList([service, guide, command], 'command_coordination');
    store.getState().setMenuActive('public_service');

    store.getState().openInFrame(laws, 'business_guide');
    expect(store.getState()).toMatchObject({
      menuActive: 'business_guide',
      isChildrenMenu: false,
      menuChild: laws,
      iframeUrl: '/laws.html',
      isIframe: true,
    });
    expect(store.getState().menuData.map((entry) => entry.code)).toEqual(['laws']);
  });

  it('keeps the active entry when it is already the parent, and replaces the frame page', async () => {
    const store = await loadStore();
    store.getState().setMenuList([guide, command], 'command_coordination');
    store.getState().setMenuActive('command_coordination');
    const dispatch = command.sysModelVos[0]!;
    store.getState().openInFrame(dispatch, 'command_coordination');
    store.getState().openInFrame(laws, 'command_coordination');
    expect(store.getState()).toMatchObject({
      menuActive: 'command_coordination',
      isChildrenMenu: true,
      menuChild: laws,
      iframeUrl: '/laws.html',
      isIframe: true,
    });
  });

  it('counts an entry with an empty address as shown: the frame stays empty', async () => {
    const store = await loadStore();
    store.getState().setMenuList([service], 'command_coordination');
    store.getState().openInFrame(service, 'public_service');
    expect(store.getState()).toMatchObject({ menuChild: service, iframeUrl: '', isIframe: true });
  });

  it('closes the frame and keeps the active entry and its child', async () => {
    const store = await loadStore();
    store.getState().setMenuList([guide], 'command_coordination');
    store.getState().openInFrame(laws, 'business_guide');
    store.getState().closeFrame();
    expect(store.getState()).toMatchObject({
      menuActive: 'business_guide',
      menuChild: laws,
      iframeUrl: '',
      isIframe: false,
    });
  });

  it('survives a reload of the page (the frame state is kept for the session)', async () => {
    let store = await loadStore();
    store.getState().setMenuList([guide], 'command_coordination');
    store.getState().openInFrame(laws, 'business_guide');
    store = await loadStore();
    expect(store.getState()).toMatchObject({
      menuActive: 'business_guide',
      iframeUrl: '/laws.html',
      isIframe: true,
    });
    expect(store.getState().menuChild?.code).toBe('laws');
  });
});
