import type { MenuEntry } from '@cityops/contract';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { SidebarMenu } from '@/features/menu/components/sidebar-menu';
import { markedEntryCode } from '@/features/menu/lib/route-entry';
import { useSettingsStore } from '@/features/settings/lib/settings-store';
import { useAppStore } from '@/stores/app-store';
import styles from './shell-layout.module.css';
import { paths } from '@/lib/paths';

export interface SidebarProps {
  collapsed: boolean;
  loading: boolean;
  onSelect(entry: MenuEntry): void;
  onSelectChild(child: MenuEntry, parentCode: string): void;
  /** After a choice on a phone the drawer closes. */
  onNavigated?(): void;
}

/** The logo and the server's menu, in the sider (desktop) or the drawer (mobile). */
export function Sidebar({
  collapsed,
  loading,
  onSelect,
  onSelectChild,
  onNavigated,
}: SidebarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { systemName, menuList, menuActive, menuChosen, menuChild, isIframe, isChildrenMenu } =
    useAppStore(
      useShallow((state) => ({
        systemName: state.systemName,
        menuList: state.menuList,
        menuActive: state.menuActive,
        menuChosen: state.menuChosen,
        menuChild: state.menuChild,
        isIframe: state.isIframe,
        isChildrenMenu: state.isChildrenMenu,
      })),
    );
  // The marked entry follows the route: at the root path the one chosen (with its frame
  // page and children menu), none on the home page itself; on another page the entry
  // that leads there, if any.
  const { pathname } = useLocation();
  const atHome = pathname === paths.home;
  const markedCode = markedEntryCode({
    pathname,
    menuList,
    menuActive,
    menuChosen,
    framing: isIframe && menuChild !== null,
  });
  const showLogo = useSettingsStore((state) => state.showSidebarLogo);
  const menuTheme = useSettingsStore((state) => state.menuTheme);
  const textTheme = useSettingsStore((state) => state.sidebarTextTheme);
  const dark = menuTheme === 'dark';
  return (
    <>
      {showLogo && (
        <button
          type="button"
          className={dark ? styles.logo : `${styles.logo} ${styles.logoLight}`}
          onClick={() => {
            void navigate(paths.home);
            onNavigated?.();
          }}
          title={t('shell.logoTitle')}
        >
          <img src="/logo.svg" alt="" />
          {!collapsed && (
            <span className={styles.logoName} title={systemName}>
              {systemName}
            </span>
          )}
          <span className="visually-hidden">{collapsed ? t('shell.logoTitle') : ''}</span>
        </button>
      )}
      <nav aria-label={t('shell.mainMenu')}>
        {loading ? (
          <Spin style={{ display: 'block', margin: 24 }} />
        ) : (
          <SidebarMenu
            entries={menuList}
            activeCode={markedCode}
            activeChildCode={atHome && isIframe ? (menuChild?.code ?? null) : null}
            childrenMenu={atHome && isChildrenMenu}
            collapsed={collapsed}
            theme={dark ? 'dark' : 'light'}
            textTheme={textTheme}
            onSelect={(entry) => {
              onSelect(entry);
              onNavigated?.();
            }}
            onSelectChild={(child, parentCode) => {
              onSelectChild(child, parentCode);
              onNavigated?.();
            }}
          />
        )}
      </nav>
    </>
  );
}
