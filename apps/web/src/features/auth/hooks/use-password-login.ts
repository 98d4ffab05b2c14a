import { ErrorCode } from '@cityops/contract';
import { useState } from 'react';
import { ApiError } from '@/lib/http/api-error';
import { forgetCredentials, rememberCredentials } from '@/lib/crypto/credential-vault';
import { useAppStore } from '@/stores/app-store';
import { useUserStore } from '@/stores/user-store';
import { getUserInfo } from '../api/get-user-info';
import { loginWithPassword } from '../api/login';

export interface PasswordLoginValues {
  username: string;
  password: string;
  remember: boolean;
  /** The image captcha, once the server asks for one. */
  captcha?: { captchaId: string; captchaCode: string } | undefined;
}

export type LoginOutcome = { ok: true } | { ok: false; captchaRequired: boolean };

/** Whether a refused sign-in says the next attempt needs the image captcha. */
function captchaRequiredBy(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const data = error.body?.data as { captchaRequired?: unknown } | null | undefined;
  return data?.captchaRequired === true;
}

/**
 * Loads the user info after sign-in. While the password must be reset the
 * server refuses it (040106); the sign-in's own user data then stands and the
 * shell opens the reset dialog.
 */
export async function loadUserInfo(username: string): Promise<void> {
  try {
    useUserStore.getState().setUserInfo(await getUserInfo(username, { silent: true }));
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.PASSWORD_RESET_REQUIRED) return;
    throw error;
  }
}

/**
 * The password sign-in: loading on, user and system state reset,
 * the token call with the trimmed account, then token, user data and user info
 * stored and the remembered credentials saved or removed. Loading ends in every case.
 */
export function usePasswordLogin() {
  const [loading, setLoading] = useState(false);

  async function login(values: PasswordLoginValues): Promise<LoginOutcome> {
    setLoading(true);
    useUserStore.getState().resetToken();
    useAppStore.getState().resetSystem();
    const username = values.username.trim();
    try {
      const {
        access_token,
        token_type: _type,
        expires_in: expiresIn,
        scope: _scope,
        ...userData
      } = await loginWithPassword(username, values.password, values.captcha);
      useUserStore.getState().signedIn(access_token, userData.username, userData, expiresIn);
      useUserStore.getState().setQrCodeLogin(false);
      await loadUserInfo(userData.username);
      if (values.remember) {
        await rememberCredentials({ username, password: values.password }).catch(() => undefined);
      } else {
        forgetCredentials();
      }
      return { ok: true };
    } catch (error) {
      // The HTTP client has shown the server's message; a half-finished sign-in is undone.
      useUserStore.getState().resetToken();
      return { ok: false, captchaRequired: captchaRequiredBy(error) };
    } finally {
      setLoading(false);
    }
  }

  return { login, loading };
}
