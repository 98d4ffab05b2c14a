import type { SettingsGroupValues } from '@cityops/contract';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsGroupForm } from './settings-group-form';

type MapValues = SettingsGroupValues['map'];
type TileLayer = MapValues['tileLayers'][number];
interface MapValuesForm {
  tileLayers: Pick<TileLayer, 'id' | 'name' | 'nameEn' | 'url' | 'coordinateSystem' | 'maxZoom'>[];
  longitude: number;
  latitude: number;
  zoom: number;
}

/** The map's tile sources and starting view (system administrator). */
export function MapSettingsForm() {
  const { t } = useTranslation();
  return (
    <SettingsGroupForm<'map', MapValuesForm>
      group="map"
      toForm={(values) => ({
        tileLayers: values.tileLayers.map(
          ({ id, name, nameEn, url, coordinateSystem, maxZoom }) => ({
            id,
            name,
            nameEn,
            url,
            coordinateSystem,
            maxZoom,
          }),
        ),
        longitude: values.center[0],
        latitude: values.center[1],
        zoom: values.zoom,
      })}
      fromForm={(form, loaded) => ({
        // Subdomains and attributions are kept as they were for layers kept by id.
        tileLayers: form.tileLayers.map((layer) => {
          const before = loaded.tileLayers.find((item) => item.id === layer.id);
          return {
            subdomains: before?.subdomains ?? [],
            attribution: before?.attribution ?? '',
            ...layer,
            nameEn: layer.nameEn ?? '',
          };
        }),
        center: [form.longitude, form.latitude],
        zoom: form.zoom,
      })}
      fieldPath={(path) =>
        path[0] === 'center' ? [path[1] === 1 ? 'latitude' : 'longitude'] : path
      }
    >
      {() => (
        <>
          <Form.List name="tileLayers">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8} style={{ marginBottom: 16 }}>
                <Typography.Text strong>{t('system.settings.field.tileLayers')}</Typography.Text>
                {fields.length === 0 && (
                  <Typography.Text type="secondary">
                    {t('system.settings.field.noTileLayers')}
                  </Typography.Text>
                )}
                {fields.map((field, index) => (
                  <Card
                    key={field.key}
                    size="small"
                    title={t('system.settings.field.tileLayer', { index: index + 1 })}
                    extra={
                      <Button
                        type="text"
                        danger
                        icon={<MinusCircleOutlined />}
                        aria-label={t('system.settings.field.removeTileLayer', {
                          index: index + 1,
                        })}
                        onClick={() => remove(field.name)}
                      />
                    }
                  >
                    <Space wrap size="middle" align="start">
                      <Form.Item
                        name={[field.name, 'id']}
                        label={t('system.settings.field.tileId')}
                        rules={[
                          { required: true, message: t('validation.required') },
                          { pattern: /^[a-z0-9-]{1,40}$/, message: t('validation.invalid') },
                        ]}
                      >
                        <Input style={{ width: 140 }} autoComplete="off" />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'name']}
                        label={t('system.settings.field.tileName')}
                        rules={[
                          { required: true, whitespace: true, message: t('validation.required') },
                        ]}
                      >
                        <Input style={{ width: 180 }} maxLength={100} autoComplete="off" />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'nameEn']}
                        label={t('system.settings.field.tileNameEn')}
                      >
                        <Input
                          style={{ width: 180 }}
                          maxLength={100}
                          autoComplete="off"
                          lang="en"
                        />
                      </Form.Item>
                    </Space>
                    <Form.Item
                      name={[field.name, 'url']}
                      label={t('system.settings.field.tileUrl')}
                      extra={t('system.settings.field.tileUrlHelp')}
                      rules={[{ required: true, message: t('validation.required') }]}
                    >
                      <Input maxLength={500} autoComplete="off" spellCheck={false} />
                    </Form.Item>
                    <Space wrap size="middle" align="start">
                      <Form.Item
                        name={[field.name, 'coordinateSystem']}
                        label={t('system.settings.field.coordinateSystem')}
                      >
                        <Select
                          style={{ width: 200 }}
                          options={[
                            { value: 'wgs84', label: 'WGS-84' },
                            { value: 'gcj02', label: 'GCJ-02' },
                          ]}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'maxZoom']}
                        label={t('system.settings.field.maxZoom')}
                      >
                        <InputNumber min={1} max={22} precision={0} />
                      </Form.Item>
                    </Space>
                  </Card>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() =>
                    add({
                      id: '',
                      name: '',
                      nameEn: '',
                      url: '',
                      coordinateSystem: 'wgs84',
                      maxZoom: 18,
                    })
                  }
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('system.settings.field.addTileLayer')}
                </Button>
              </Flex>
            )}
          </Form.List>
          <Space wrap size="middle" align="start">
            <Form.Item
              name="longitude"
              label={t('system.settings.field.longitude')}
              rules={[{ required: true, message: t('validation.required') }]}
            >
              <InputNumber min={-180} max={180} step={0.01} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item
              name="latitude"
              label={t('system.settings.field.latitude')}
              rules={[{ required: true, message: t('validation.required') }]}
            >
              <InputNumber min={-90} max={90} step={0.01} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item
              name="zoom"
              label={t('system.settings.field.zoom')}
              rules={[{ required: true, message: t('validation.required') }]}
            >
              <InputNumber min={1} max={20} step={1} style={{ width: 120 }} />
            </Form.Item>
          </Space>
        </>
      )}
    </SettingsGroupForm>
  );
}
