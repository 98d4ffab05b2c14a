import { beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings, useSettingsStore } from './settings-store';

beforeEach(() => useSettingsStore.getState().reset());

describe('layout settings', () => {
  it('start from the spec defaults', () => {
    const { theme, fixedHeader, sidebarTextTheme, menuTheme } = useSettingsStore.getState();
    expect({ theme, fixedHeader, sidebarTextTheme, menuTheme }).toEqual({
      theme: 'flat',
      fixedHeader: false,
      sidebarTextTheme: true,
      menuTheme: 'flat',
    });
  });

  it('are kept in local storage and read back', async () => {
    useSettingsStore.getState().change('showTagsView', false);
    useSettingsStore.getState().change('menuTheme', 'dark');
    const stored = localStorage.getItem('settings')!;
    useSettingsStore.setState({ ...defaultSettings });
    localStorage.setItem('settings', stored);
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState().showTagsView).toBe(false);
    expect(useSettingsStore.getState().menuTheme).toBe('dark');
  });

  it('ignore stored values of the wrong type or unknown themes', async () => {
    localStorage.setItem(
      'settings',
      JSON.stringify({ state: { fixedHeader: 'yes', menuTheme: 'neon', theme: 'x' }, version: 0 }),
    );
    await useSettingsStore.persist.rehydrate();
    const state = useSettingsStore.getState();
    expect(state.fixedHeader).toBe(false);
    expect(state.menuTheme).toBe('flat');
    expect(state.theme).toBe('flat');
  });
});
