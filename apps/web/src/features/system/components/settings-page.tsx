import {
  SETTINGS_TEXT_LIMITS,
  SETTING_RANGES,
  type SettingRange,
  type SettingsGroup,
  type SettingsGroupValues,
  WEATHER_ICONS,
  isOriginText,
} from '@cityops/contract';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '@/lib/access/use-access';
import { failureMessage, fieldErrors, isConflict } from '@/lib/forms/api-failure';
import { registerTexts } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { systemTexts } from '@/locales/system-texts';
import { useAppStore } from '@/stores/app-store';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { ConsoleTheme } from '@/components/console/console-theme';
import { TimeZoneSelect } from './time-zone-select';

registerTexts(systemTexts);

/**
 * `/system/settings` (系统设置, issue 13 item 6): one form per group, each read
 * and saved on its own at its version. The system administrator sees the name,
 * framing and subsystem origins, weather and map; the security administrator
 * the sign-in, password and session rules. A save applies at once on every
 * instance; the system name also in this header, without reloading.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const system = useAccess('system:settings:write');
  const security = useAccess('system:security:write');
  return (
    <ConsoleTheme>
      {system || security ? (
        <Flex vertical gap={16}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('system.settings.heading')}
          </Typography.Title>
          {system && (
            <>
              <GeneralForm />
              <WeatherForm />
              <MapForm />
            </>
          )}
          {!security && (
            // 三员分立: the administrator does not see these groups; say where they are.
            <Alert
              type="info"
              showIcon
              title={t('system.settings.securityElsewhere')}
              description={t('system.settings.securityElsewhereHint')}
            />
          )}
          {security && (
            <>
              <SignInForm />
              <PasswordForm />
              <SessionForm />
            </>
          )}
        </Flex>
      ) : (
        <Alert type="warning" showIcon title={t('error.forbidden')} />
      )}
    </ConsoleTheme>
  );
}

interface GroupFormProps<G extends SettingsGroup, F extends object> {
  group: G;
  toForm(values: SettingsGroupValues[G]): F;
  fromForm(form: F, loaded: SettingsGroupValues[G]): SettingsGroupValues[G];
  /** Where a refused field of the server (`values.a.0.b`) shows in this form. */
  fieldPath?(path: (string | number)[]): (string | number)[];
  onSaved?(values: SettingsGroupValues[G]): void;
  children(form: FormInstance<F>): ReactNode;
}

/**
 * One group's card: loads it, saves it at the version read, shows the server's
 * field errors beside their fields, and on a conflict (someone saved first)
 * says so and loads their values, so nothing is overwritten unseen.
 */
function GroupForm<G extends SettingsGroup, F extends object>(props: GroupFormProps<G, F>) {
  const { group, toForm, fromForm, fieldPath, onSaved, children } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<F>();
  const query = useSettings(group);
  const update = useUpdateSettings(group);
  /** The version the form holds: the one read, or the one saved or reloaded since. */
  const [savedVersion, setVersion] = useState<number | null>(null);
  const version = savedVersion ?? query.data?.version ?? null;
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = `settings-${group}-title`;

  /** The values the form was last filled with: read, saved or reloaded (a new one remounts it). */
  const [shown, setShown] = useState<{ values: SettingsGroupValues[G]; at: number } | null>(null);

  function show(values: SettingsGroupValues[G], at: number) {
    form.setFieldsValue(toForm(values) as Parameters<typeof form.setFieldsValue>[0]);
    setShown({ values, at });
    setVersion(at);
  }

  async function save() {
    if (update.isPending || version === null || !query.data) return;
    let values: F;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setFailure(null);
    try {
      const saved = await update.mutateAsync({
        version,
        values: fromForm(values, query.data.values),
      });
      show(saved.values, saved.version);
      toast.success({ content: t('system.settings.saved') });
      onSaved?.(saved.values);
    } catch (error) {
      const refused = fieldErrors(error);
      if (refused.length > 0) {
        form.setFields(
          refused.map((field) => {
            const path = field.field
              .replace(/^values\./, '')
              .split('.')
              .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
            return {
              name: (fieldPath ? fieldPath(path) : path) as never,
              errors: [field.message],
            };
          }),
        );
        return;
      }
      const message = failureMessage(error, t('error.server'));
      if (isConflict(error)) {
        const fresh = await query.refetch();
        if (fresh.data) {
          show(fresh.data.values, fresh.data.version);
          setFailure(`${message} ${t('system.common.reloaded')}`);
          return;
        }
      }
      setFailure(message);
    }
  }

  return (
    <Card
      title={<span id={titleId}>{t(`system.settings.${groupTextKey(group)}.title`)}</span>}
      loading={query.isPending}
    >
      <Typography.Paragraph type="secondary">
        {t(`system.settings.${groupTextKey(group)}.intro`)}
      </Typography.Paragraph>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('system.common.loadFailed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('system.common.retry')}
            </Button>
          }
        />
      )}
      {query.data && (
        <Form<F>
          form={form}
          name={`settings-${group}`}
          key={shown?.at ?? 'read'}
          initialValues={toForm(shown?.values ?? query.data.values)}
          layout="vertical"
          aria-labelledby={titleId}
          disabled={update.isPending}
          style={{ maxWidth: 720 }}
          onFinish={() => void save()}
        >
          {failure && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={failure}
              style={{ marginBottom: 16 }}
            />
          )}
          {children(form)}
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('system.settings.save', {
                group: t(`system.settings.${groupTextKey(group)}.title`),
              })}
            </Button>
          </Form.Item>
        </Form>
      )}
    </Card>
  );
}

function groupTextKey(group: SettingsGroup): string {
  return group === 'sign-in' ? 'signIn' : group;
}

/** A whole number within the contract's range; the range is said beside the field. */
function NumberItem({ name, range, unit }: { name: string; range: SettingRange; unit: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t(`system.settings.field.${name}`)}
      extra={t('system.settings.range', { min: range.min, max: range.max, unit: t(unit) })}
      rules={[{ required: true, message: t('validation.required') }]}
    >
      <InputNumber min={range.min} max={range.max} precision={0} style={{ width: 200 }} />
    </Form.Item>
  );
}

// ---- the system administrator's groups ----

interface GeneralValues {
  systemName: string;
  frameAncestors: string;
  subsystemOrigins: string;
  timeZone: string;
}

const originLines = (origins: readonly string[]) => origins.join('\n');
const originsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

function GeneralForm() {
  const { t } = useTranslation();
  const setSystemName = useAppStore((state) => state.setSystemName);
  const originRule = {
    validator: async (_rule: unknown, value: unknown) => {
      const origins = originsOf(typeof value === 'string' ? value : '');
      const wrong = origins.find((origin) => !isOriginText(origin.replace(/\/$/, '')));
      if (wrong) throw new Error(`${t('settings.origin.invalid')}: ${wrong}`);
      if (origins.length > SETTINGS_TEXT_LIMITS.origins)
        throw new Error(t('settings.origins.tooMany'));
    },
  };
  return (
    <GroupForm<'general', GeneralValues>
      group="general"
      toForm={(values) => ({
        systemName: values.systemName,
        frameAncestors: originLines(values.frameAncestors),
        subsystemOrigins: originLines(values.subsystemOrigins),
        timeZone: values.timeZone,
      })}
      fromForm={(form) => ({
        systemName: form.systemName.trim(),
        frameAncestors: originsOf(form.frameAncestors),
        subsystemOrigins: originsOf(form.subsystemOrigins),
        timeZone: form.timeZone,
      })}
      fieldPath={(path) => path.slice(0, 1)}
      onSaved={(values) => setSystemName(values.systemName)}
    >
      {() => (
        <>
          <Form.Item
            name="systemName"
            label={t('system.settings.field.systemName')}
            rules={[
              { required: true, whitespace: true, message: t('settings.systemName.required') },
            ]}
          >
            <Input maxLength={SETTINGS_TEXT_LIMITS.systemName} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="frameAncestors"
            label={t('system.settings.field.frameAncestors')}
            extra={t('system.settings.field.originsHelp')}
            rules={[originRule]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} spellCheck={false} />
          </Form.Item>
          <Form.Item
            name="subsystemOrigins"
            label={t('system.settings.field.subsystemOrigins')}
            extra={t('system.settings.field.subsystemOriginsHelp')}
            rules={[originRule]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} spellCheck={false} />
          </Form.Item>
          <Form.Item
            name="timeZone"
            label={t('system.settings.field.timeZone')}
            extra={t('system.settings.field.timeZoneHelp')}
          >
            <TimeZoneSelect />
          </Form.Item>
        </>
      )}
    </GroupForm>
  );
}

type WeatherValues = SettingsGroupValues['weather'];

function WeatherForm() {
  const { t } = useTranslation();
  const identity = (values: WeatherValues) => values;
  return (
    <GroupForm<'weather', WeatherValues> group="weather" toForm={identity} fromForm={identity}>
      {() => (
        <>
          <Form.Item
            name="shown"
            label={t('system.settings.field.weatherShown')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item noStyle dependencies={['shown']}>
            {({ getFieldValue }) => {
              const required = getFieldValue('shown') === true;
              const rules = [{ required, whitespace: true, message: t('validation.required') }];
              return (
                <>
                  <Space wrap size="middle" align="start">
                    {(['city', 'cityEn', 'text', 'textEn'] as const).map((field) => (
                      <Form.Item
                        key={field}
                        name={field}
                        label={t(`system.settings.field.${field}`)}
                        rules={rules}
                      >
                        <Input
                          maxLength={SETTINGS_TEXT_LIMITS.weatherText}
                          autoComplete="off"
                          lang={field.endsWith('En') ? 'en' : 'zh-CN'}
                        />
                      </Form.Item>
                    ))}
                  </Space>
                  <Space wrap size="middle" align="start">
                    <NumberItem
                      name="temperature"
                      range={SETTING_RANGES.temperature}
                      unit="system.settings.unit.celsius"
                    />
                    <Form.Item name="icon" label={t('system.settings.field.icon')}>
                      <Select
                        style={{ width: 200 }}
                        options={WEATHER_ICONS.map((icon) => ({
                          value: icon,
                          label: t(`system.settings.icon.${icon}`),
                        }))}
                      />
                    </Form.Item>
                  </Space>
                </>
              );
            }}
          </Form.Item>
        </>
      )}
    </GroupForm>
  );
}

type MapValues = SettingsGroupValues['map'];
type TileLayer = MapValues['tileLayers'][number];
interface MapValuesForm {
  tileLayers: Pick<TileLayer, 'id' | 'name' | 'nameEn' | 'url' | 'coordinateSystem' | 'maxZoom'>[];
  longitude: number;
  latitude: number;
  zoom: number;
}

function MapForm() {
  const { t } = useTranslation();
  return (
    <GroupForm<'map', MapValuesForm>
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
    </GroupForm>
  );
}

// ---- the security administrator's groups ----

type SignInValues = SettingsGroupValues['sign-in'];
type PasswordValues = SettingsGroupValues['password'];
type SessionValues = SettingsGroupValues['session'];

function SignInForm() {
  const identity = (values: SignInValues) => values;
  return (
    <GroupForm<'sign-in', SignInValues> group="sign-in" toForm={identity} fromForm={identity}>
      {() => (
        <>
          <NumberItem
            name="challengeAfterFailures"
            range={SETTING_RANGES.challengeAfterFailures}
            unit="system.settings.unit.failures"
          />
          <NumberItem
            name="lockAfterFailures"
            range={SETTING_RANGES.lockAfterFailures}
            unit="system.settings.unit.failures"
          />
          <NumberItem
            name="lockMinutes"
            range={SETTING_RANGES.lockMinutes}
            unit="system.settings.unit.minutes"
          />
        </>
      )}
    </GroupForm>
  );
}

function PasswordForm() {
  const identity = (values: PasswordValues) => values;
  return (
    <GroupForm<'password', PasswordValues> group="password" toForm={identity} fromForm={identity}>
      {() => (
        <>
          <NumberItem
            name="warnAgeDays"
            range={SETTING_RANGES.warnAgeDays}
            unit="system.settings.unit.days"
          />
          <NumberItem
            name="maxAgeDays"
            range={SETTING_RANGES.maxAgeDays}
            unit="system.settings.unit.days"
          />
          <NumberItem
            name="historyCount"
            range={SETTING_RANGES.historyCount}
            unit="system.settings.unit.passwords"
          />
        </>
      )}
    </GroupForm>
  );
}

function SessionForm() {
  const identity = (values: SessionValues) => values;
  return (
    <GroupForm<'session', SessionValues> group="session" toForm={identity} fromForm={identity}>
      {() => (
        <>
          <NumberItem
            name="lifetimeMinutes"
            range={SETTING_RANGES.lifetimeMinutes}
            unit="system.settings.unit.minutes"
          />
          <NumberItem
            name="idleMinutes"
            range={SETTING_RANGES.idleMinutes}
            unit="system.settings.unit.minutes"
          />
        </>
      )}
    </GroupForm>
  );
}
