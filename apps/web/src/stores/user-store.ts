import type { UserData } from '@cityops/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { stateKey } from '@/lib/embedding';
import { StorageKey, local } from '@/lib/storage';
import { clearToken, getToken, saveToken } from '@/lib/token';

/** The signed-in user: name, data and roles; the token itself lives in lib/token. */
export interface UserState {
  token: string | null;
  username: string;
  userData: UserData | null;
  roles: string[];
  /** The last sign-in was by QR code. */
  qrCodeLogin: boolean;
  /**
   * A sign-in through the login page that has not yet been told its previous
   * sign-in (the shell tells it once the user info has come). Not persisted: a
   * reload does not tell it again.
   */
  signInNoticePending: boolean;
}

export interface UserActions {
  /**
   * Stores the token, the username and the user data of a successful sign-in.
   * With user data (the login page's sign-ins, not a token handed over in the
   * address) the previous sign-in is to be told. `expiresInSeconds`: the session's
   * lifetime as the token answer gives it (the cookie follows it).
   */
  signedIn(
    token: string,
    username: string,
    userData: UserData | null,
    expiresInSeconds?: number,
  ): void;
  /** The previous sign-in has been told (or there was none). */
  signInNoticeShown(): void;
  setUserInfo(userData: UserData): void;
  changeRoles(roles: string[]): void;
  setQrCodeLogin(value: boolean): void;
  /** Forgets the token and the user (sign-out, refused token). */
  resetToken(): void;
}

function storedUserData(): UserData | null {
  const raw = local.get(StorageKey.userData);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as UserData;
  } catch {
    return null;
  }
}

const emptyUser = {
  token: null,
  username: '',
  userData: null,
  roles: [] as string[],
  qrCodeLogin: false,
  signInNoticePending: false,
};

export const useUserStore = create<UserState & UserActions>()(
  persist(
    (set) => ({
      token: getToken(),
      username: local.get(StorageKey.username) ?? '',
      userData: storedUserData(),
      roles: storedUserData()?.roleIds ?? [],
      qrCodeLogin: false,
      signInNoticePending: false,

      signedIn(token, username, userData, expiresInSeconds) {
        saveToken(token, expiresInSeconds);
        local.set(StorageKey.username, username);
        if (userData) local.set(StorageKey.userData, JSON.stringify(userData));
        set({
          token,
          username,
          userData,
          roles: userData?.roleIds ?? [],
          signInNoticePending: userData !== null,
        });
      },
      signInNoticeShown() {
        set({ signInNoticePending: false });
      },
      setUserInfo(userData) {
        local.set(StorageKey.userData, JSON.stringify(userData));
        local.set(StorageKey.username, userData.username);
        set({ userData, username: userData.username, roles: userData.roleIds });
      },
      changeRoles(roles) {
        set({ roles });
      },
      setQrCodeLogin(value) {
        set({ qrCodeLogin: value });
      },
      resetToken() {
        clearToken();
        local.remove(StorageKey.userData);
        set({ ...emptyUser });
      },
    }),
    {
      name: stateKey(StorageKey.userState),
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ username, userData, roles, qrCodeLogin }) => ({
        username,
        userData,
        roles,
        qrCodeLogin,
      }),
      // The token is not kept in session storage: its truth is the cookie and local storage.
      merge: (persisted, current) => ({
        ...current,
        ...(persisted as Partial<UserState>),
        token: getToken(),
      }),
    },
  ),
);
