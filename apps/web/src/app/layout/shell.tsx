import {
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { PasswordStatus } from '@cityops/contract';
import { Alert, Button, Drawer, Layout } from 'antd';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { useConfigValue } from '@/features/menu/api/get-config-value';
import { useCityTimeZone } from '@/lib/use-city-time-zone';
import { useCrossWindowMessages } from '@/features/auth/hooks/use-cross-window-messages';
import { usePasswordStatus } from '@/features/password/api/get-password-status';
import { PasswordDialogHost } from '@/features/password/components/password-dialog-host';
import { useSecondFactor } from '@/features/profile/api/get-second-factor';
import { useUserMenu } from '@/features/menu/api/get-user-menu';
import { EmbeddedFrame } from '@/features/menu/components/embedded-frame';
import { useFrameLinkRequests } from '@/features/menu/hooks/use-frame-link-requests';
import { useMenuActions } from '@/features/menu/hooks/use-menu-actions';
import { useSettingsStore } from '@/features/settings/lib/settings-store';
import { KeepAliveOutlet } from '@/features/tags-view/components/keep-alive-outlet';
import { TagsBar } from '@/features/tags-view/components/tags-bar';
import {
  type FrameTab,
  type Tab,
  frameTab,
  homeTab,
  neighbourOf,
  routeTab,
  useTagsStore,
} from '@/features/tags-view/lib/tags-store';
import { WeatherBadge } from '@/features/weather/components/weather-badge';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { pageTitleText } from '@/lib/page-title';
import { useAppStore, useUiScale } from '@/stores/app-store';
import { useConsoleChanges } from '../hooks/use-console-changes';
import type { RouteHandle } from '../hooks/use-document-title';
import { LanguageSwitch } from './language-switch';
import { useIdleSignOut } from '../hooks/use-idle-sign-out';
import { signOut } from '../sign-out';
import { LoginLeaveGuard } from './login-leave-guard';
import { PreviousSignInNotice } from './previous-sign-in-notice';
import { SecondFactorReminder } from './second-factor-reminder';
import styles from './shell-layout.module.css';
import { Sidebar } from './sidebar';
import { useDevice } from './use-device';
import { UserDropdown } from './user-dropdown';
import { layoutTexts } from '@/locales/layout-texts';
import { registerTexts } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { localName } from '@/lib/local-name';

registerTexts(layoutTexts);

// The drawer (Switch, Radio, Drawer) loads on first use, outside the first screen's budget.
// Only when a required second factor is missing and enforced.
const SecondFactorDialog = lazy(() =>
  import('@/features/profile/components/second-factor-dialog').then((m) => ({
    default: m.SecondFactorDialog,
  })),
);
const SettingsDrawer = lazy(() =>
  import('@/features/settings/components/settings-drawer').then((m) => ({
    default: m.SettingsDrawer,
  })),
);

/**
 * The layout shell (docs/shell.md): sidebar with logo and the server's menu,
 * header with the system name, the weather and the user menu, the open pages as
 * tabs, and the content area where router pages and embedded frames stay alive.
 * In embedded mode only the content shows.
 */
export function Shell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const matches = useMatches();
  useCrossWindowMessages(() => void signOut({ revoke: false }));
  useIdleSignOut(() => void signOut({ revoke: true, reason: 'idle' }));
  useConsoleChanges();
  const embedded = useAppStore((state) => state.embedded);
  // While a new password is required the server refuses every other call (040106), so
  // nothing loads behind the reset dialog: no menu, no header calls, no page. The
  // embedded product has no dialog and does not wait.
  const passwordStatus = usePasswordStatus({ enabled: !embedded });
  const resetForced = passwordStatus.data === PasswordStatus.MUST_RESET;
  // Likewise while a required second factor must be set up first (040109, docs/audit.md);
  // asked at the same time as the password status, not after it.
  const secondFactor = useSecondFactor({ enabled: !embedded });
  const enrolmentForced = Boolean(
    secondFactor.data?.enforced && secondFactor.data.required && !secondFactor.data.enrolled,
  );
  const ready =
    embedded ||
    (!passwordStatus.isPending && !resetForced && !secondFactor.isPending && !enrolmentForced);
  const menu = useUserMenu({ enabled: ready });
  const childrenMenuCode = useConfigValue('commandCoordinationCode');
  // Every screen's times are in the city's zone (lib/date-time.ts).
  useCityTimeZone();
  const app = useAppStore(
    useShallow((state) => ({
      menuActive: state.menuActive,
      menuChild: state.menuChild,
      isIframe: state.isIframe,
      device: state.device,
      sidebarOpened: state.sidebar.opened,
      systemName: state.systemName,
      size: state.size,
      setMenuList: state.setMenuList,
      setSize: state.setSize,
      toggleSidebar: state.toggleSidebar,
      closeSidebar: state.closeSidebar,
    })),
  );
  const settings = useSettingsStore(
    useShallow((state) => ({
      showTagsView: state.showTagsView,
      showSettings: state.showSettings,
      fixedHeader: state.fixedHeader,
      menuTheme: state.menuTheme,
      showSidebarLogo: state.showSidebarLogo,
    })),
  );
  const scale = useUiScale();
  const tabs = useTagsStore((state) => state.tabs);
  const { clickEntry, openChild } = useMenuActions();
  const [settingsRequested, setSettingsRequested] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  useDevice();
  useFrameLinkRequests();

  const { setMenuList } = app;
  useEffect(() => {
    if (menu.data) setMenuList(menu.data, childrenMenuCode.data ?? 'command_coordination');
  }, [menu.data, childrenMenuCode.data, setMenuList]);

  // The page showing: the frame of the menu child at "/", else the router's page.
  const frameChild =
    location.pathname === paths.home && app.isIframe && app.menuChild ? app.menuChild : null;
  const activeKey = frameChild ? `frame:${frameChild.code}` : `route:${location.pathname}`;
  const titleKey = [...matches]
    .reverse()
    .find((match) => (match.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined;
  const currentTab: Tab = frameChild
    ? frameTab(frameChild, app.menuActive)
    : location.pathname === paths.home
      ? homeTab
      : routeTab(
          location.pathname,
          location.pathname + location.search,
          titleKey?.title ?? 'route.home',
        );

  // Every page shown becomes (or refreshes) a tab; without the tags view only one is kept.
  const visit = useTagsStore((state) => state.visit);
  const currentTabJson = JSON.stringify(currentTab);
  useEffect(() => {
    visit(JSON.parse(currentTabJson) as Tab, { single: !settings.showTagsView });
  }, [currentTabJson, settings.showTagsView, visit]);

  function activate(tab: Tab) {
    if (tab.kind === 'frame') {
      if (location.pathname !== paths.home) void navigate(paths.home);
      useAppStore.getState().openInFrame(tab.entry, tab.parentCode);
      return;
    }
    if (tab.path === paths.home) useAppStore.getState().closeFrame();
    void navigate(tab.fullPath);
  }

  function close(tab: Tab) {
    const next = neighbourOf(tabs, tab.key);
    useTagsStore.getState().close(tab.key);
    if (tab.key === activeKey) activate(next);
  }

  const titleOf = (tab: Tab) =>
    tab.kind === 'frame'
      ? localName(tab.entry, i18n.language)
      : pageTitleText(tab.title, t, i18n.language);

  // Frames stay mounted (hidden) while their tab is open, so they never reload.
  const frameTabs = tabs.filter((tab): tab is FrameTab => tab.kind === 'frame');
  if (currentTab.kind === 'frame' && !frameTabs.some((tab) => tab.key === currentTab.key)) {
    frameTabs.push(currentTab);
  }
  const aliveRouteKeys = settings.showTagsView
    ? tabs.filter((tab) => tab.kind === 'route').map((tab) => tab.key)
    : [];

  if (embedded) {
    return (
      <main className={styles.embeddedContent}>
        <Outlet />
      </main>
    );
  }

  const mobile = app.device === 'mobile';
  const collapsed = !app.sidebarOpened;
  const dark = settings.menuTheme === 'dark';
  const sidebar = (
    <Sidebar
      collapsed={mobile ? false : collapsed}
      loading={menu.isPending && !resetForced}
      onSelect={clickEntry}
      onSelectChild={openChild}
      onNavigated={mobile ? () => app.closeSidebar() : undefined}
    />
  );
  const openSettings = () => {
    setSettingsRequested(true);
    setSettingsOpen(true);
  };

  return (
    <Layout className={styles.layout}>
      <LoginLeaveGuard />
      <PreviousSignInNotice />
      <PasswordDialogHost onSignOut={(options) => void signOut(options)} />
      {enrolmentForced && !resetForced && (
        <Suspense fallback={null}>
          <SecondFactorDialog open forced onClose={() => void signOut({ revoke: true })} />
        </Suspense>
      )}
      {mobile ? (
        <Drawer
          placement="left"
          open={app.sidebarOpened}
          onClose={() => app.closeSidebar()}
          size={240 * scale}
          // The sidebar's logo names the system; the drawer's own title does only
          // when the logo is switched off, so the name shows once.
          title={settings.showSidebarLogo ? undefined : app.systemName}
          aria-label={app.systemName}
          closable={{ 'aria-label': t('shell.collapseSidebar') }}
          styles={{ body: { padding: 0, background: dark ? '#001529' : '#fff' } }}
          className={styles.sidebarDrawer}
        >
          {sidebar}
        </Drawer>
      ) : (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          trigger={null}
          width={220 * scale}
          collapsedWidth={80 * scale}
          theme={dark ? 'dark' : 'light'}
          className={dark ? styles.sider : `${styles.sider} ${styles.siderLight}`}
        >
          {sidebar}
        </Layout.Sider>
      )}
      <Layout className={styles.main}>
        <div className={settings.fixedHeader ? `${styles.top} ${styles.fixedHeader}` : styles.top}>
          <Layout.Header className={styles.header}>
            <Button
              type="text"
              icon={
                mobile ? (
                  <MenuOutlined aria-hidden />
                ) : collapsed ? (
                  <MenuUnfoldOutlined aria-hidden />
                ) : (
                  <MenuFoldOutlined aria-hidden />
                )
              }
              aria-label={
                mobile
                  ? t('layout.openMenu')
                  : collapsed
                    ? t('shell.expandSidebar')
                    : t('shell.collapseSidebar')
              }
              aria-expanded={mobile ? app.sidebarOpened : !collapsed}
              onClick={() => app.toggleSidebar()}
            />
            <h1 className={styles.title} title={app.systemName}>
              {app.systemName}
            </h1>
            <div className={styles.actions}>
              {ready && <WeatherBadge compact={mobile} />}
              <LanguageSwitch />
              {ready && <NotificationBell />}
              {settings.showSettings && (
                <Button
                  type="text"
                  icon={<SettingOutlined aria-hidden />}
                  aria-label={t('layout.openSettings')}
                  title={t('layout.openSettings')}
                  onClick={openSettings}
                />
              )}
              <UserDropdown onOpenSettings={openSettings} />
            </div>
          </Layout.Header>
          {settings.showTagsView && (
            <TagsBar
              tabs={tabs}
              activeKey={activeKey}
              titleOf={titleOf}
              onActivate={activate}
              onClose={close}
              onCloseOthers={() => useTagsStore.getState().closeOthers(activeKey)}
              onCloseAll={() => {
                useTagsStore.getState().closeAll();
                activate(homeTab);
              }}
            />
          )}
        </div>
        <Layout.Content className={styles.content}>
          <SecondFactorReminder />
          {ready && menu.isError && (
            <Alert
              type="error"
              showIcon
              title={t('shell.menuLoadFailed')}
              action={
                <Button size="small" onClick={() => void menu.refetch()}>
                  {t('shell.retry')}
                </Button>
              }
              style={{ marginBottom: 16 }}
            />
          )}
          {ready && (
            <>
              <KeepAliveOutlet visible={!frameChild} aliveKeys={aliveRouteKeys} />
              {frameTabs.map((tab) => (
                <EmbeddedFrame
                  key={tab.key}
                  entry={tab.entry}
                  title={localName(tab.entry, i18n.language)}
                  visible={tab.key === activeKey}
                />
              ))}
            </>
          )}
        </Layout.Content>
      </Layout>
      {settingsRequested && (
        <Suspense fallback={null}>
          <SettingsDrawer
            open={settingsOpen}
            onClose={() => setSettingsOpen(false)}
            size={app.size}
            onSizeChange={app.setSize}
          />
        </Suspense>
      )}
    </Layout>
  );
}
