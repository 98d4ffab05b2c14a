import {
  AUTH_PATHS,
  type BasicClient,
  DEFAULT_PASSWORD_RULES,
  type PasswordRules,
} from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { passwordKeys } from './query-keys';

/**
 * `POST /authorization-server/oauth/basic`: the security administrator's password
 * rules, which the recovery screen reads there before sign-in too (one source).
 */
export async function getPasswordRules(): Promise<PasswordRules> {
  const client = await api.post<BasicClient>(AUTH_PATHS.basic, { basic: true }, { silent: true });
  return client.passwordRules;
}

/** Read each time the dialog opens: a rule saved meanwhile applies to the next change. */
export const passwordRulesQuery = () =>
  queryOptions({
    queryKey: passwordKeys.rules(),
    queryFn: getPasswordRules,
    staleTime: 0,
    retry: false,
  });

/**
 * The rules, the spec's own until they are read or when they cannot be: the server
 * keeps the real ones whatever the form checked.
 */
export function usePasswordRules(): PasswordRules {
  return useQuery(passwordRulesQuery()).data ?? DEFAULT_PASSWORD_RULES;
}
