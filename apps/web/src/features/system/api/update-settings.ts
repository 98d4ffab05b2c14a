import {
  SYSTEM_PATHS,
  type SettingsGroup,
  type SettingsGroupState,
  type SettingsGroupValues,
  fillPath,
} from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { systemKeys } from './query-keys';

/** `PUT /system/settings/:group` at the version read. Silent: the form shows refusals. */
export function updateSettings<G extends SettingsGroup>(
  group: G,
  version: number,
  values: SettingsGroupValues[G],
): Promise<SettingsGroupState<G>> {
  return api.put<SettingsGroupState<G>>(
    fillPath(SYSTEM_PATHS.settings, { group }),
    { version, values },
    { json: true, silent: true },
  );
}

export function useUpdateSettings<G extends SettingsGroup>(group: G) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, values }: { version: number; values: SettingsGroupValues[G] }) =>
      updateSettings(group, version, values),
    onSuccess: (saved) => queryClient.setQueryData(systemKeys.settings(group), saved),
    // A refusal may mean someone else saved first: read the group again.
    onError: () => queryClient.invalidateQueries({ queryKey: systemKeys.settings(group) }),
  });
}
