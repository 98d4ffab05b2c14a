import { create } from 'zustand';

export type PasswordDialogMode = 'change' | 'reset';

interface PasswordDialogState {
  open: boolean;
  /** `reset` when the server requires it (status 1): closing then signs out. */
  mode: PasswordDialogMode;
  show(mode: PasswordDialogMode): void;
  hide(): void;
}

/** Whether the password dialog is open; the user menu and the status check open it. */
export const usePasswordDialog = create<PasswordDialogState>()((set) => ({
  open: false,
  mode: 'change',
  show: (mode) => set({ open: true, mode }),
  hide: () => set({ open: false }),
}));
