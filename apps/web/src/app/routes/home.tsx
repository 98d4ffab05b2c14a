import { Card, Col, Empty, Row, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserMenu } from '@/features/menu/api/get-user-menu';
import { MenuIcon } from '@/features/menu/components/menu-icon';
import { SubsystemPanel } from '@/features/menu/components/subsystem-panel';
import { useMenuActions } from '@/features/menu/hooks/use-menu-actions';
import { useAppStore } from '@/stores/app-store';
import { useUserStore } from '@/stores/user-store';
import { scaledPx } from '@/lib/root-font-size';
import { localName } from '@/lib/local-name';

/** The index page: a welcome and the subsystems the server gave this user. */
export function Component() {
  const { t, i18n } = useTranslation();
  const name = useUserStore((state) => state.userData?.name || state.username);
  // Until the menu has answered there is nothing to say about the subsystems: loading.
  const menu = useUserMenu();
  const menuList = useAppStore((state) => state.menuList);
  const menuActive = useAppStore((state) => state.menuActive);
  // The default active entry is no choice of the person's: the home page then shows
  // every subsystem and marks none, as the sidebar does (issue 24).
  const menuChosen = useAppStore((state) => state.menuChosen);
  // Embedded, there is no sidebar to point at: the subsystems below are the way in.
  const embedded = useAppStore((state) => state.embedded);
  const { clickEntry, openChild } = useMenuActions();
  const activeEntry = menuChosen ? menuList.find((entry) => entry.code === menuActive) : undefined;

  return (
    <section aria-labelledby="home-title">
      <Typography.Title level={2} id="home-title">
        {t('home.welcome', { name })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t(embedded ? 'home.introEmbedded' : 'home.intro')}
      </Typography.Paragraph>
      {activeEntry && (
        <SubsystemPanel
          entry={activeEntry}
          onOpen={(child) => openChild(child, activeEntry.code)}
        />
      )}
      <Typography.Title level={3} style={{ fontSize: scaledPx(18) }}>
        {t('home.subsystems')}
      </Typography.Title>
      {menu.isPending ? (
        <Space role="status">
          <Spin size="small" />
          <Typography.Text type="secondary">{t('home.menuLoading')}</Typography.Text>
        </Space>
      ) : menu.isSuccess && menu.data.length === 0 ? (
        <Empty description={t('home.emptyMenu')} />
      ) : (
        <Row gutter={[16, 16]}>
          {menuList.map((entry) => (
            <Col key={entry.code} xs={24} sm={12} lg={8} xl={6}>
              <Card
                hoverable
                size="small"
                style={entry.code === activeEntry?.code ? { borderColor: '#1668dc' } : undefined}
              >
                <button
                  type="button"
                  onClick={() => clickEntry(entry)}
                  aria-current={entry.code === activeEntry?.code ? 'true' : undefined}
                  style={{
                    all: 'unset',
                    cursor: 'pointer',
                    display: 'flex',
                    gap: 8,
                    alignItems: 'center',
                  }}
                >
                  <MenuIcon name={entry.icon} />
                  <span>{localName(entry, i18n.language)}</span>
                </button>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}
