import { SETTING_RANGES, type SettingsGroupValues } from '@cityops/contract';
import { SettingsGroupForm } from './settings-group-form';
import { SettingsNumberItem } from './settings-number-item';

type SignInValues = SettingsGroupValues['sign-in'];

/** When the captcha appears and when an account locks (security administrator). */
export function SignInSettingsForm() {
  const identity = (values: SignInValues) => values;
  return (
    <SettingsGroupForm<'sign-in', SignInValues>
      group="sign-in"
      toForm={identity}
      fromForm={identity}
    >
      {() => (
        <>
          <SettingsNumberItem
            name="challengeAfterFailures"
            range={SETTING_RANGES.challengeAfterFailures}
            unit="system.settings.unit.failures"
          />
          <SettingsNumberItem
            name="lockAfterFailures"
            range={SETTING_RANGES.lockAfterFailures}
            unit="system.settings.unit.failures"
          />
          <SettingsNumberItem
            name="lockMinutes"
            range={SETTING_RANGES.lockMinutes}
            unit="system.settings.unit.minutes"
          />
        </>
      )}
    </SettingsGroupForm>
  );
}
