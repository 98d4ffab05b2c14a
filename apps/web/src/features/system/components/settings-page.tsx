import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccess } from '@/lib/access/use-access';
import { registerTexts } from '@/lib/i18n';
import { systemTexts } from '@/locales/system-texts';
import { ConsoleTheme } from '@/components/console/console-theme';
import { GeneralSettingsForm } from './general-settings-form';
import { MapSettingsForm } from './map-settings-form';
import { PasswordSettingsForm } from './password-settings-form';
import { SessionSettingsForm } from './session-settings-form';
import { SignInSettingsForm } from './sign-in-settings-form';
import { WeatherSettingsForm } from './weather-settings-form';

registerTexts(systemTexts);

/**
 * `/system/settings` (系统设置, issue 13 item 6): one form per group, each read
 * and saved on its own at its version. The system administrator sees the name,
 * framing and subsystem origins, weather and map; the security administrator
 * the sign-in, password and session rules. A save applies at once on every
 * instance; the system name also in this header, without reloading.
 * Each group's form is a file of its own (`<group>-settings-form.tsx`) on
 * the shared card of `settings-group-form.tsx`.
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
              <GeneralSettingsForm />
              <WeatherSettingsForm />
              <MapSettingsForm />
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
              <SignInSettingsForm />
              <PasswordSettingsForm />
              <SessionSettingsForm />
            </>
          )}
        </Flex>
      ) : (
        <Alert type="warning" showIcon title={t('error.forbidden')} />
      )}
    </ConsoleTheme>
  );
}
