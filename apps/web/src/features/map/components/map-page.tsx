import type { GisFeature, GisLayer, MapSettings } from '@cityops/contract';
import { useAccess } from '@/lib/access/use-access';
import { Button, Result, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { getFeatures } from '../api/get-features';
import { useLayers } from '../api/get-layers';
import { useMapSettings } from '../api/get-map-settings';
import { useSaveChanges } from '../hooks/use-save-changes';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard';
import { formatArea, formatLength } from '../lib/format';
import { parseGeoJson, toFeatureCollection } from '../lib/geojson-io';
import { type EditorState, MapEditor } from '../lib/map-editor';
import { AttributePanel } from './attribute-panel';
import { LayerPanel } from './layer-panel';
import { MapToolbar } from './map-toolbar';
import { SearchBox } from './search-box';
import styles from './map-page.module.css';
import { mapTexts } from '@/locales/map-texts';
import { registerTexts } from '@/lib/i18n';
import { scaledPx } from '@/lib/root-font-size';
import { datedFileName } from '@/lib/dated-file-name';
import { saveFile } from '@/lib/save-file';

registerTexts(mapTexts);

/** The map editing page of `/amap`. */
export function MapPage() {
  const { t } = useTranslation();
  const layers = useLayers();
  const settings = useMapSettings();

  if (layers.isError || settings.isError) {
    return (
      <Result
        status="warning"
        title={t('map.loadFailed')}
        extra={
          <Button
            onClick={() => {
              void layers.refetch();
              void settings.refetch();
            }}
          >
            {t('map.retry')}
          </Button>
        }
      />
    );
  }
  if (!layers.data || !settings.data) {
    return (
      <div role="status">
        <Spin /> {t('map.loading')}
      </div>
    );
  }
  return <MapWorkspace layers={layers.data} settings={settings.data} />;
}

function MapWorkspace({ layers, settings }: { layers: GisLayer[]; settings: MapSettings }) {
  const { t } = useTranslation();
  const canEdit = useAccess('gis:feature:write');
  const target = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<MapEditor | null>(null);
  const [state, setState] = useState<EditorState | null>(null);
  const labels = useRef({
    zoomIn: t('map.zoomIn'),
    zoomOut: t('map.zoomOut'),
    attribution: t('map.attribution'),
  });

  useEffect(() => {
    if (!target.current) return;
    const created = new MapEditor({
      target: target.current,
      settings,
      layers,
      canEdit,
      load: (query, signal) => getFeatures(query, signal),
      onChange: setState,
      labels: labels.current,
    });
    setEditor(created);
    return () => {
      created.dispose();
      setEditor(null);
    };
    // The layers and settings are loaded once per visit; a new editor would drop unsaved work.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    editor?.setLabels({
      zoomIn: t('map.zoomIn'),
      zoomOut: t('map.zoomOut'),
      attribution: t('map.attribution'),
    });
  }, [editor, t]);

  const { save, saving } = useSaveChanges(editor);
  const guard = useUnsavedChangesGuard((state?.pending ?? 0) > 0);

  const importFile = useCallback(
    async (file: File) => {
      if (!editor) return;
      try {
        const result = parseGeoJson(await file.text(), (index) => t('map.importedName', { index }));
        const count = editor.importFeatures(result.features);
        toast.success({ content: t('map.imported', { count }) });
        if (result.rejected > 0)
          toast.warning({ content: t('map.importRejected', { count: result.rejected }) });
      } catch {
        toast.error({ content: t('map.importFailed') });
      }
    },
    [editor, t],
  );

  const exportLayer = useCallback(async () => {
    if (!editor) return;
    const features = await editor.exportActiveLayer();
    const layer = layers.find((entry) => entry.id === editor.getState().activeLayerId);
    saveFile(
      new Blob([JSON.stringify(toFeatureCollection(features), null, 2)], {
        type: 'application/geo+json',
      }),
      datedFileName(layer?.code ?? 'features', 'geojson'),
    );
    toast.success({ content: t('map.exported', { count: features.length }) });
  }, [editor, layers, t]);

  const pick = useCallback((feature: GisFeature) => editor?.focusFeature(feature), [editor]);

  return (
    <div className={styles.page}>
      {guard}
      <aside className={styles.side} aria-label={t('map.layers')}>
        <Typography.Title level={1} style={{ fontSize: scaledPx(20), margin: 0 }}>
          {t('map.title')}
        </Typography.Title>
        <SearchBox layers={layers} onPick={pick} />
        {state && editor && (
          <LayerPanel
            layers={layers}
            tileLayers={settings.tileLayers}
            state={state}
            canEdit={canEdit}
            onVisible={(id, visible) => editor.setLayerVisible(id, visible)}
            onActive={(id) => editor.setActiveLayer(id)}
            onTileLayer={(id) => editor.setTileLayer(id)}
          />
        )}
      </aside>
      <section className={styles.centre} aria-label={t('map.title')}>
        {state && editor && (
          <MapToolbar
            state={state}
            canEdit={canEdit}
            saving={saving}
            onTool={(tool) => editor.setTool(tool)}
            onUndo={() => editor.undo()}
            onRedo={() => editor.redo()}
            onDelete={() => editor.deleteSelected()}
            onSave={() => void save()}
            onImport={(file) => void importFile(file)}
            onExport={() => void exportLayer()}
          />
        )}
        <div
          ref={target}
          className={styles.map}
          role="application"
          aria-label={t('map.mapLabel')}
          tabIndex={0}
          onKeyDown={(event) => {
            if (event.key === 'Escape') editor?.abortDrawing();
            if (
              (event.key === 'Delete' || event.key === 'Backspace') &&
              state?.selected?.editable
            ) {
              editor?.deleteSelected();
            }
            if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
              if (event.shiftKey) editor?.redo();
              else editor?.undo();
            }
          }}
        />
        {state && (
          <div className={styles.status} role="status" aria-live="polite">
            {canEdit && (
              <span>
                {state.pending > 0
                  ? t('map.pending', { count: state.pending })
                  : t('map.noPending')}
              </span>
            )}
            {(state.tool === 'Point' ||
              state.tool === 'LineString' ||
              state.tool === 'Polygon') && <span>{t('map.drawHint')}</span>}
            {(state.tool === 'measureLength' || state.tool === 'measureArea') && (
              <span>
                {state.measurement
                  ? state.measurement.kind === 'length'
                    ? t('map.lengthValue', { value: formatLength(state.measurement.value) })
                    : t('map.areaValue', { value: formatArea(state.measurement.value) })
                  : t('map.measureHint')}
              </span>
            )}
          </div>
        )}
      </section>
      <aside className={styles.side} aria-label={t('map.attributes')}>
        <AttributePanel
          selected={state?.selected ?? null}
          onApply={(values) => editor?.setAttributes(values)}
        />
      </aside>
    </div>
  );
}
