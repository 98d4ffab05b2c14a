import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Card, Descriptions, Input, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatArea, formatLength } from '../lib/format';
import type { SelectedInfo } from '../lib/map-editor';
import styles from './map-page.module.css';
import { scaledPx } from '@/lib/root-font-size';

type Properties = SelectedInfo['properties'];

interface AttributePanelProps {
  selected: SelectedInfo | null;
  onApply(values: { name: string; kind: string; properties: Properties }): void;
}

/** The kinds offered for a new feature; the district outlines' kind is only shown. */
const knownKinds = ['cleaning_zone', 'incident', 'patrol_route'];
const namedKinds = [...knownKinds, 'district'];
/** The demo layers' property keys (apps/server/src/db/seed/gis.ts), shown by their names. */
const namedProperties = ['nameEn', 'team', 'frequency', 'status', 'reportedBy', 'shift', 'level'];

function valueText(value: Properties[string]): string {
  return value === null ? '' : String(value);
}

/** Typed text back to a value: numbers and booleans stay what they look like. */
function parseValue(text: string): Properties[string] {
  const trimmed = text.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed !== '' && /^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return text;
}

function AttributeForm({
  selected,
  onApply,
}: {
  selected: SelectedInfo;
  onApply: AttributePanelProps['onApply'];
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(selected.name);
  const [kind, setKind] = useState(selected.kind);
  const [rows, setRows] = useState(() =>
    Object.entries(selected.properties).map(([key, value]) => ({
      key,
      value: valueText(value),
      // A known key is labelled by its name and cannot be renamed; others stay editable.
      named: namedProperties.includes(key),
    })),
  );
  const readOnly = !selected.editable;
  // The kind reads as its name; what is stored is still the code (`incident`).
  const kindName = (code: string) => (namedKinds.includes(code) ? t(`map.kinds.${code}`) : code);
  const kindCode = (text: string) =>
    namedKinds.find((code) => t(`map.kinds.${code}`) === text.trim()) ?? text;

  const apply = () => {
    const properties: Properties = {};
    for (const row of rows) if (row.key.trim()) properties[row.key.trim()] = parseValue(row.value);
    onApply({ name: name.trim(), kind: kind.trim(), properties });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      {selected.id === null && (
        <Typography.Text type="warning">{t('map.newFeature')}</Typography.Text>
      )}
      {readOnly && (
        <Typography.Paragraph type="secondary">{t('map.readOnly')}</Typography.Paragraph>
      )}
      <div className={styles.field}>
        <label htmlFor={`${id}-name`}>{t('map.name')}</label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={100}
          readOnly={readOnly}
          autoFocus={selected.id === null && !readOnly}
          status={!name.trim() && !readOnly ? 'warning' : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-kind`}>{t('map.kind')}</label>
        <AutoComplete
          id={`${id}-kind`}
          value={kindName(kind)}
          disabled={readOnly}
          onChange={(text: string) => setKind(kindCode(text))}
          style={{ width: '100%' }}
          options={knownKinds.map((code) => ({ value: t(`map.kinds.${code}`) }))}
        />
      </div>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend style={{ fontSize: scaledPx(14) }}>{t('map.properties')}</legend>
        {rows.map((row, index) => (
          <div key={index} className={styles.propertyRow}>
            {row.named ? (
              <label htmlFor={`${id}-property-${index}`} className={styles.propertyName}>
                {t(`map.propertyNames.${row.key}`)}
              </label>
            ) : (
              <Input
                aria-label={t('map.propertyKey')}
                value={row.key}
                readOnly={readOnly}
                onChange={(event) =>
                  setRows(
                    rows.map((item, i) =>
                      i === index ? { ...item, key: event.target.value } : item,
                    ),
                  )
                }
              />
            )}
            <Input
              id={`${id}-property-${index}`}
              aria-label={row.named ? undefined : t('map.propertyValue')}
              value={row.value}
              readOnly={readOnly}
              onChange={(event) =>
                setRows(
                  rows.map((item, i) =>
                    i === index ? { ...item, value: event.target.value } : item,
                  ),
                )
              }
            />
            {!readOnly && (
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('map.removeProperty', {
                  key: row.named ? t(`map.propertyNames.${row.key}`) : row.key,
                })}
                onClick={() => setRows(rows.filter((_, i) => i !== index))}
              />
            )}
          </div>
        ))}
        {!readOnly && (
          <Button
            icon={<PlusOutlined />}
            size="small"
            onClick={() => setRows([...rows, { key: '', value: '', named: false }])}
          >
            {t('map.addProperty')}
          </Button>
        )}
      </fieldset>
      {!readOnly && (
        <Button type="primary" htmlType="submit" style={{ marginTop: 12 }} block>
          {t('map.apply')}
        </Button>
      )}
    </form>
  );
}

/** The selected feature's name, kind, properties and geometry facts. */
export function AttributePanel({ selected, onApply }: AttributePanelProps) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={<h2 className={styles.cardTitle}>{t('map.attributes')}</h2>}
      role="region"
      aria-label={t('map.attributes')}
    >
      {selected ? (
        <>
          <AttributeForm
            // A new selection, an undo or a save resets the form to the feature.
            key={`${selected.key}:${selected.name}:${selected.kind}:${JSON.stringify(selected.properties)}`}
            selected={selected}
            onApply={onApply}
          />
          <Descriptions
            size="small"
            column={1}
            style={{ marginTop: 12 }}
            title={<h3 className={styles.cardTitle}>{t('map.geometry')}</h3>}
            items={[
              {
                key: 'type',
                label: t('map.geometryType'),
                children: `${t(`map.geometryTypes.${selected.geometryType}`)} · ${t(
                  'map.vertices',
                  {
                    count: selected.vertices,
                  },
                )}`,
              },
              ...(selected.length === null
                ? []
                : [
                    {
                      key: 'length',
                      label: t('map.length'),
                      children: formatLength(selected.length),
                    },
                  ]),
              ...(selected.area === null
                ? []
                : [{ key: 'area', label: t('map.area'), children: formatArea(selected.area) }]),
            ]}
          />
        </>
      ) : (
        <Typography.Text type="secondary">{t('map.noSelection')}</Typography.Text>
      )}
    </Card>
  );
}
