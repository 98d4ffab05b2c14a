import { SYSTEM_PATHS, type SubsystemProvider } from '@cityops/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { systemKeys } from './query-keys';

/** `GET /system/subsystems/provider`: the issuer and the provider's addresses (issue 31). */
export function getSubsystemProvider(): Promise<SubsystemProvider> {
  return api.get<SubsystemProvider>(SYSTEM_PATHS.subsystemProvider);
}

export function useSubsystemProvider(enabled = true) {
  return useQuery({
    enabled,
    // Under the registry's key: it changes only with the server's configuration.
    queryKey: [...systemKeys.subsystems(), 'provider'] as const,
    queryFn: getSubsystemProvider,
    staleTime: Infinity,
  });
}
