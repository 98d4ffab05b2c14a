import { SETTING_RANGES, type SettingsGroupValues } from '@cityops/contract';
import { SettingsGroupForm } from './settings-group-form';
import { SettingsNumberItem } from './settings-number-item';

type SessionValues = SettingsGroupValues['session'];

/** Session lifetime and idle sign-out (security administrator). */
export function SessionSettingsForm() {
  const identity = (values: SessionValues) => values;
  return (
    <SettingsGroupForm<'session', SessionValues>
      group="session"
      toForm={identity}
      fromForm={identity}
    >
      {() => (
        <>
          <SettingsNumberItem
            name="lifetimeMinutes"
            range={SETTING_RANGES.lifetimeMinutes}
            unit="system.settings.unit.minutes"
          />
          <SettingsNumberItem
            name="idleMinutes"
            range={SETTING_RANGES.idleMinutes}
            unit="system.settings.unit.minutes"
          />
        </>
      )}
    </SettingsGroupForm>
  );
}
