import { ErrorCode, type TokenResponse } from '@cityops/contract';
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

export type LoginOutcome =
  | { ok: true }
  | {
      ok: false;
      captchaRequired: boolean;
      /**
       * The server said outright that no captcha is due for this account now (a wrong
       * password below the limit): a captcha remembered from earlier is dropped, as after
       * the security administrator unlocks the account.
       */
      captchaCleared?: boolean | undefined;
      secondFactorTicket?: string | undefined;
      /** Wrong password: the tries left before the account locks, and for how long it would. */
      attemptsLeft?: number | undefined;
      lockMinutes?: number | undefined;
      /** The account is locked for this many more minutes. */
      lockedMinutes?: number | undefined;
    };

/** What a refused sign-in says of the lock: tries left, or the lock's minutes. */
function lockOf(
  error: unknown,
): Pick<Extract<LoginOutcome, { ok: false }>, 'attemptsLeft' | 'lockMinutes' | 'lockedMinutes'> {
  if (!(error instanceof ApiError)) return {};
  const data = (error.body?.data ?? {}) as Record<string, unknown>;
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  if (error.code === ErrorCode.ACCOUNT_LOCKED) return { lockedMinutes: number(data.minutes) };
  if (error.code !== ErrorCode.BAD_CREDENTIALS) return {};
  return { attemptsLeft: number(data.attemptsLeft), lockMinutes: number(data.lockMinutes) };
}

/** Whether a refused sign-in says the next attempt needs the image captcha. */
function captchaRequiredBy(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const data = error.body?.data as { captchaRequired?: unknown } | null | undefined;
  return data?.captchaRequired === true;
}

/** Whether a refused sign-in says, in so many words, that no captcha is due. */
function captchaClearedBy(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const data = error.body?.data as { captchaRequired?: unknown } | null | undefined;
  return data?.captchaRequired === false;
}

/** The ticket of a first step that passed and waits for a one-time code (040107), if this is one. */
export function secondFactorTicketOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.SECOND_FACTOR_REQUIRED) {
    return undefined;
  }
  const data = error.body?.data as { ticket?: unknown } | null | undefined;
  return typeof data?.ticket === 'string' ? data.ticket : undefined;
}

/**
 * Stores a finished sign-in as every path does: token, username, user data,
 * how it was made, then the user info.
 */
export async function storeSignIn(response: TokenResponse, qrCodeLogin: boolean): Promise<void> {
  const {
    access_token,
    token_type: _type,
    expires_in: expiresIn,
    scope: _scope,
    ...userData
  } = response;
  // The token cookie lives as long as the session (setting session.lifetimeMinutes).
  useUserStore.getState().signedIn(access_token, userData.username, userData, expiresIn);
  useUserStore.getState().setQrCodeLogin(qrCodeLogin);
  await loadUserInfo(userData.username);
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
    const remember = async () => {
      if (values.remember) {
        await rememberCredentials({ username, password: values.password }).catch(() => undefined);
      } else {
        forgetCredentials();
      }
    };
    try {
      await storeSignIn(await loginWithPassword(username, values.password, values.captcha), false);
      await remember();
      return { ok: true };
    } catch (error) {
      // The HTTP client has shown the server's message; a half-finished sign-in is undone.
      useUserStore.getState().resetToken();
      const secondFactorTicket = secondFactorTicketOf(error);
      // The password was right: "remember me" holds while the code is asked for.
      if (secondFactorTicket) await remember();
      return {
        ok: false,
        captchaRequired: captchaRequiredBy(error),
        captchaCleared: captchaClearedBy(error),
        secondFactorTicket,
        ...lockOf(error),
      };
    } finally {
      setLoading(false);
    }
  }

  return { login, loading };
}
