import { type MenuEntry, subEntriesOf } from '@cityops/contract';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from './menu-icon';
import styles from './subsystem-panel.module.css';
import { layoutTexts } from '@/locales/layout-texts';
import { registerTexts } from '@/lib/i18n';
import { localName } from '@/lib/local-name';

registerTexts(layoutTexts);

export interface SubsystemPanelProps {
  entry: MenuEntry;
  onOpen(child: MenuEntry): void;
}

/** The active subsystem's pages (its `sysModelVos` or `children`), each opening in the frame. */
export function SubsystemPanel({ entry, onOpen }: SubsystemPanelProps) {
  const { t, i18n } = useTranslation();
  const children = subEntriesOf(entry);
  const title = localName(entry, i18n.language);
  return (
    <section aria-labelledby="subsystem-title" className={styles.panel}>
      <Typography.Title level={3} id="subsystem-title" className={styles.title}>
        <MenuIcon name={entry.icon} /> {title}
      </Typography.Title>
      {children.length === 0 ? (
        <Empty description={t('menu.noPages')} />
      ) : (
        <ul className={styles.list}>
          {children.map((child) => (
            <li key={child.code}>
              <Card size="small" hoverable>
                <button type="button" className={styles.open} onClick={() => onOpen(child)}>
                  <MenuIcon name={child.icon} />
                  <span>{localName(child, i18n.language)}</span>
                </button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
