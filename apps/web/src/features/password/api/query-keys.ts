/** Every query key of the password feature: the signed-in user's password status, the rules. */
export const passwordKeys = {
  status: () => ['password', 'status'] as const,
  rules: () => ['password', 'rules'] as const,
};
