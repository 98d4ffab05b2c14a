import { useState } from 'react';
import { forgetCredentials, rememberCredentials } from '@/lib/crypto/credential-vault';
import { useAppStore } from '@/stores/app-store';
import { useUserStore } from '@/stores/user-store';
import { getUserInfo } from '../api/get-user-info';
import { loginWithPassword } from '../api/login';

export interface PasswordLoginValues {
  username: string;
  password: string;
  remember: boolean;
}

/**
 * The login action of spec section 4: loading on, user and system state reset,
 * the token call with the trimmed account, then token, user data and user info
 * stored and the remembered credentials saved or removed. Loading ends in every case.
 */
export function usePasswordLogin() {
  const [loading, setLoading] = useState(false);

  async function login(values: PasswordLoginValues): Promise<boolean> {
    setLoading(true);
    useUserStore.getState().resetToken();
    useAppStore.getState().resetSystem();
    const username = values.username.trim();
    try {
      const {
        access_token,
        token_type: _type,
        expires_in: _expires,
        scope: _scope,
        ...userData
      } = await loginWithPassword(username, values.password);
      useUserStore.getState().signedIn(access_token, userData.username, userData);
      useUserStore.getState().setQrCodeLogin(false);
      useUserStore.getState().setUserInfo(await getUserInfo(userData.username));
      if (values.remember) {
        await rememberCredentials({ username, password: values.password }).catch(() => undefined);
      } else {
        forgetCredentials();
      }
      return true;
    } catch {
      // The HTTP client has shown the server's message; a half-finished sign-in is undone.
      useUserStore.getState().resetToken();
      return false;
    } finally {
      setLoading(false);
    }
  }

  return { login, loading };
}
