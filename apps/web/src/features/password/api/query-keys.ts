/** Every query key of the password feature: the password status of the signed-in user. */
export const passwordKeys = {
  status: () => ['password', 'status'] as const,
};
