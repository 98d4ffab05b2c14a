import type { GisFeature, GisLayer } from '@cityops/contract';
import { Button, Card, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeatureSearch } from '../api/get-features';
import styles from './map-page.module.css';
import { localName } from '@/lib/local-name';

interface SearchBoxProps {
  layers: GisLayer[];
  onPick(feature: GisFeature): void;
}

/** Finds saved features by name (server side, any layer) and shows the picked one. */
export function SearchBox({ layers, onPick }: SearchBoxProps) {
  const { t, i18n } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const search = useFeatureSearch(keyword);
  const layerName = (id: number) => {
    const layer = layers.find((entry) => entry.id === id);
    if (!layer) return '';
    return localName(layer, i18n.language);
  };

  return (
    <Card size="small" title={<h2 className={styles.cardTitle}>{t('map.search')}</h2>}>
      <Input.Search
        aria-label={t('map.search')}
        placeholder={t('map.searchPlaceholder')}
        allowClear
        enterButton
        onSearch={(value) => setKeyword(value.trim())}
      />
      {keyword && search.data && (
        <section aria-label={t('map.searchResults')} style={{ marginTop: 8 }}>
          {search.data.features.length === 0 ? (
            <Typography.Text type="secondary">{t('map.searchEmpty')}</Typography.Text>
          ) : (
            <ul className={styles.list}>
              {search.data.features.map((feature) => (
                <li key={feature.id}>
                  <Button type="link" size="small" onClick={() => onPick(feature)}>
                    {feature.name}
                  </Button>
                  <span className={styles.muted}>{layerName(feature.layerId)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </Card>
  );
}
