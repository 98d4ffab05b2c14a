import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { MenuEntry } from '@cityops/contract';
import { Alert, Button, Layout, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useConfigValue } from '@/features/menu/api/get-config-value';
import { useUserMenu } from '@/features/menu/api/get-user-menu';
import { SidebarMenu } from '@/features/menu/components/sidebar-menu';
import { useAppStore } from '@/stores/app-store';
import { LanguageSwitch } from './language-switch';
import { LoginLeaveGuard } from './login-leave-guard';
import styles from './shell-layout.module.css';
import { UserDropdown } from './user-dropdown';

/**
 * The layout shell of spec section 2: sidebar with logo and the server's menu,
 * header with the system name and the user menu, and the content area. In
 * embedded mode only the content shows.
 */
export function Shell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const menu = useUserMenu();
  const childrenMenuCode = useConfigValue('commandCoordinationCode');
  const {
    sidebar,
    systemName,
    menuList,
    menuActive,
    embedded,
    toggleSidebar,
    setMenuList,
    setMenuActive,
  } = useAppStore();

  useEffect(() => {
    if (menu.data) setMenuList(menu.data, childrenMenuCode.data ?? 'command_coordination');
  }, [menu.data, childrenMenuCode.data, setMenuList]);

  function onSelect(entry: MenuEntry) {
    if (location.pathname !== '/') navigate('/');
    setMenuActive(entry.code);
  }

  if (embedded) {
    return (
      <main className={styles.embeddedContent}>
        <Outlet />
      </main>
    );
  }

  const collapsed = !sidebar.opened;
  return (
    <Layout className={styles.layout}>
      <LoginLeaveGuard />
      <Layout.Sider collapsible collapsed={collapsed} trigger={null} width={220} theme="dark">
        <button
          type="button"
          className={styles.logo}
          onClick={() => navigate('/')}
          title={t('shell.logoTitle')}
        >
          <img src="/logo.svg" alt="" />
          {!collapsed && <span>{systemName}</span>}
          <span className="visually-hidden">{collapsed ? t('shell.logoTitle') : ''}</span>
        </button>
        <nav aria-label={t('shell.mainMenu')}>
          {menu.isPending ? (
            <Spin style={{ display: 'block', margin: 24 }} />
          ) : (
            <SidebarMenu
              entries={menuList}
              activeCode={menuActive}
              collapsed={collapsed}
              theme="dark"
              onSelect={onSelect}
            />
          )}
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className={styles.header}>
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
            aria-label={collapsed ? t('shell.expandSidebar') : t('shell.collapseSidebar')}
            aria-expanded={!collapsed}
            onClick={() => toggleSidebar()}
          />
          <h1 className={styles.title}>{systemName}</h1>
          <div className={styles.actions}>
            <LanguageSwitch />
            <UserDropdown />
          </div>
        </Layout.Header>
        <Layout.Content className={styles.content}>
          {menu.isError && (
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
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
