import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOME_KEY, type Tab } from '../lib/tags-store';
import styles from './tags-bar.module.css';
import { layoutTexts } from '@/locales/layout-texts';
import { registerTexts } from '@/lib/i18n';

registerTexts(layoutTexts);

export interface TagsBarProps {
  tabs: Tab[];
  activeKey: string;
  titleOf(tab: Tab): string;
  onActivate(tab: Tab): void;
  onClose(tab: Tab): void;
  onCloseOthers(): void;
  onCloseAll(): void;
}

/**
 * The open pages as tabs (the spec's `showTagsView`): switch, close one, close
 * the others, close all. The home tab stays.
 */
export function TagsBar({
  tabs,
  activeKey,
  titleOf,
  onActivate,
  onClose,
  onCloseOthers,
  onCloseAll,
}: TagsBarProps) {
  const { t } = useTranslation();
  return (
    <nav className={styles.bar} aria-label={t('tagsView.label')}>
      <ul className={styles.list}>
        {tabs.map((tab) => {
          const title = titleOf(tab);
          const active = tab.key === activeKey;
          return (
            <li key={tab.key} className={active ? `${styles.tab} ${styles.active}` : styles.tab}>
              <button
                type="button"
                className={styles.title}
                aria-current={active ? 'page' : undefined}
                data-tab-key={tab.key}
                onClick={() => onActivate(tab)}
                onKeyDown={(event) => {
                  if (event.key === 'Delete' && tab.key !== HOME_KEY) onClose(tab);
                }}
              >
                {title}
              </button>
              {tab.key !== HOME_KEY && (
                <button
                  type="button"
                  className={styles.close}
                  aria-label={t('tagsView.close', { title })}
                  title={t('tagsView.close', { title })}
                  onClick={() => onClose(tab)}
                >
                  <CloseOutlined aria-hidden />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <div className={styles.actions}>
        <Button size="small" type="text" onClick={onCloseOthers} disabled={tabs.length <= 2}>
          {t('tagsView.closeOthers')}
        </Button>
        <Button size="small" type="text" onClick={onCloseAll} disabled={tabs.length <= 1}>
          {t('tagsView.closeAll')}
        </Button>
      </div>
    </nav>
  );
}
