import { SETTING_RANGES, type SettingsGroupValues } from '@cityops/contract';
import { SettingsGroupForm } from './settings-group-form';
import { SettingsNumberItem } from './settings-number-item';

type PasswordValues = SettingsGroupValues['password'];

/** Password age and history (security administrator). */
export function PasswordSettingsForm() {
  const identity = (values: PasswordValues) => values;
  return (
    <SettingsGroupForm<'password', PasswordValues>
      group="password"
      toForm={identity}
      fromForm={identity}
    >
      {() => (
        <>
          <SettingsNumberItem
            name="warnAgeDays"
            range={SETTING_RANGES.warnAgeDays}
            unit="system.settings.unit.days"
          />
          <SettingsNumberItem
            name="maxAgeDays"
            range={SETTING_RANGES.maxAgeDays}
            unit="system.settings.unit.days"
          />
          <SettingsNumberItem
            name="historyCount"
            range={SETTING_RANGES.historyCount}
            unit="system.settings.unit.passwords"
          />
        </>
      )}
    </SettingsGroupForm>
  );
}
