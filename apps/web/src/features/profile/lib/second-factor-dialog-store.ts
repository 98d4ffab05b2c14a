import { create } from 'zustand';

interface SecondFactorDialogState {
  open: boolean;
  show(): void;
  hide(): void;
}

/** Whether the two-step verification dialog is open; the user menu and the shell's reminder open it. */
export const useSecondFactorDialog = create<SecondFactorDialogState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
