import {
  AimOutlined,
  BorderOutlined,
  ColumnWidthOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EnvironmentOutlined,
  ExpandOutlined,
  LineOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorState, Tool } from '../lib/map-editor';
import styles from './map-page.module.css';

interface MapToolbarProps {
  state: EditorState;
  canEdit: boolean;
  saving: boolean;
  onTool(tool: Tool): void;
  onUndo(): void;
  onRedo(): void;
  onDelete(): void;
  onSave(): void;
  onImport(file: File): void;
  onExport(): void;
}

const tools: { tool: Tool; label: string; icon: ReactNode; edit: boolean }[] = [
  { tool: 'select', label: 'map.select', icon: <AimOutlined />, edit: false },
  { tool: 'Point', label: 'map.drawPoint', icon: <EnvironmentOutlined />, edit: true },
  { tool: 'LineString', label: 'map.drawLine', icon: <LineOutlined />, edit: true },
  { tool: 'Polygon', label: 'map.drawPolygon', icon: <BorderOutlined />, edit: true },
  { tool: 'measureLength', label: 'map.measureLength', icon: <ColumnWidthOutlined />, edit: false },
  { tool: 'measureArea', label: 'map.measureArea', icon: <ExpandOutlined />, edit: false },
];

/** The tools above the map; every button is named for screen readers and tests. */
export function MapToolbar(props: MapToolbarProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const { state, canEdit } = props;
  const editingTools = canEdit && state.activeLayerId !== null;

  return (
    <Space wrap role="toolbar" aria-label={t('map.tools')}>
      <Space.Compact>
        {tools
          .filter((entry) => editingTools || !entry.edit)
          .map((entry) => (
            <Tooltip key={entry.tool} title={t(entry.label)}>
              <Button
                icon={entry.icon}
                aria-label={t(entry.label)}
                aria-pressed={state.tool === entry.tool}
                type={state.tool === entry.tool ? 'primary' : 'default'}
                onClick={() => props.onTool(entry.tool)}
              />
            </Tooltip>
          ))}
      </Space.Compact>
      {canEdit && (
        <>
          <Space.Compact>
            <Tooltip title={t('map.undo')}>
              <Button
                icon={<UndoOutlined />}
                aria-label={t('map.undo')}
                disabled={!state.canUndo}
                onClick={props.onUndo}
              />
            </Tooltip>
            <Tooltip title={t('map.redo')}>
              <Button
                icon={<RedoOutlined />}
                aria-label={t('map.redo')}
                disabled={!state.canRedo}
                onClick={props.onRedo}
              />
            </Tooltip>
          </Space.Compact>
          <Popconfirm
            title={t('map.deleteConfirm')}
            okText={t('map.confirmDelete')}
            cancelText={t('map.stay')}
            onConfirm={props.onDelete}
            disabled={!state.selected?.editable}
          >
            <Button icon={<DeleteOutlined />} danger disabled={!state.selected?.editable}>
              {t('map.delete')}
            </Button>
          </Popconfirm>
          <Button
            icon={<UploadOutlined />}
            disabled={state.activeLayerId === null}
            onClick={() => fileInput.current?.click()}
          >
            {t('map.importGeoJson')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".geojson,.json,application/geo+json,application/json"
            aria-label={t('map.importGeoJson')}
            className={styles.hidden}
            tabIndex={-1}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) props.onImport(file);
            }}
          />
        </>
      )}
      <Button
        icon={<DownloadOutlined />}
        onClick={props.onExport}
        disabled={state.activeLayerId === null}
      >
        {t('map.exportGeoJson')}
      </Button>
      {canEdit && (
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={props.saving}
          disabled={state.pending === 0}
          onClick={props.onSave}
        >
          {t('map.save')}
        </Button>
      )}
    </Space>
  );
}
