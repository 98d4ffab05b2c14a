import type { GisLayer, TileLayerConfig } from '@cityops/contract';
import { Card, Checkbox, Radio, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EditorState } from '../lib/map-editor';
import styles from './map-page.module.css';
import { localName } from '@/lib/local-name';

interface LayerPanelProps {
  layers: GisLayer[];
  tileLayers: TileLayerConfig[];
  state: EditorState;
  canEdit: boolean;
  onVisible(layerId: number, visible: boolean): void;
  onActive(layerId: number): void;
  onTileLayer(id: string | null): void;
}

const OFFLINE = '';

/** Layer visibility, the layer new features go to, and the base map. */
export function LayerPanel(props: LayerPanelProps) {
  const { t, i18n } = useTranslation();

  return (
    <>
      <Card size="small" title={<h2 className={styles.cardTitle}>{t('map.layers')}</h2>}>
        <ul className={styles.list}>
          {props.layers.map((layer) => (
            <li key={layer.id} className={styles.layerRow}>
              <Checkbox
                checked={!props.state.hidden.includes(layer.id)}
                onChange={(event) => props.onVisible(layer.id, event.target.checked)}
                aria-label={t('map.showLayer', { name: localName(layer, i18n.language) })}
              >
                {localName(layer, i18n.language)}
              </Checkbox>
              {layer.editable ? (
                <span className={styles.muted}>
                  {t('map.featureCount', { count: layer.featureCount })}
                </span>
              ) : (
                <Tag>{t('map.readOnlyLayer')}</Tag>
              )}
            </li>
          ))}
        </ul>
      </Card>
      {props.canEdit && (
        <Card size="small" title={<h2 className={styles.cardTitle}>{t('map.activeLayer')}</h2>}>
          <Radio.Group
            aria-label={t('map.activeLayer')}
            value={props.state.activeLayerId}
            onChange={(event) => props.onActive(event.target.value as number)}
            options={props.layers
              .filter((layer) => layer.editable)
              .map((layer) => ({ value: layer.id, label: localName(layer, i18n.language) }))}
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
          />
        </Card>
      )}
      <Card size="small" title={<h2 className={styles.cardTitle}>{t('map.baseMap')}</h2>}>
        <Select
          aria-label={t('map.baseMap')}
          style={{ width: '100%' }}
          value={props.state.tileLayerId ?? OFFLINE}
          onChange={(value: string) => props.onTileLayer(value === OFFLINE ? null : value)}
          options={[
            { value: OFFLINE, label: t('map.offline') },
            ...props.tileLayers.map((layer) => ({
              value: layer.id,
              label:
                localName(layer, i18n.language) +
                (layer.coordinateSystem === 'gcj02' ? ` (${t('map.gcj02')})` : ''),
            })),
          ]}
        />
      </Card>
    </>
  );
}
