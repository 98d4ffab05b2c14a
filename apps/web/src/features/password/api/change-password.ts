import { AUTH_PATHS, type PublicKey, USER_PATHS } from '@cityops/contract';
import { md5Hex } from '@/lib/crypto/md5';
import { encryptPassword } from '@/lib/crypto/encrypt-password';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http/api';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * `POST /organization/user/ret`: password, newPassword and newPasswordTwo as MD5
 * hex digests, plus the new password encrypted with the
 * server's public key so the policy is checked there too.
 */
export async function changePassword(values: PasswordChange): Promise<null> {
  const key = await api.post<PublicKey>(AUTH_PATHS.publicKey);
  return api.post<null>(USER_PATHS.changePassword, {
    password: md5Hex(values.oldPassword),
    newPassword: md5Hex(values.newPassword),
    newPasswordTwo: md5Hex(values.confirmPassword),
    newPasswordCipher: await encryptPassword(key, values.newPassword),
    keyId: key.keyId,
  });
}

/** Changes the password; nothing cached depends on it (the dialog signs out or closes). */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
