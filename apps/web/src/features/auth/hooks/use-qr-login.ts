import { QR_POLL_INTERVAL_MS, type QrCodeTicket, type QrState } from '@cityops/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppStore } from '@/stores/app-store';
import { useUserStore } from '@/stores/user-store';
import { createQrCode } from '../api/create-qr-code';
import { getQrStatus } from '../api/get-qr-status';
import { secondFactorTicketOf, storeSignIn } from './use-password-login';

/** `second-factor`: the phone confirmed; this account's one-time code is asked for next. */
export type QrPhase = 'loading' | 'failed' | 'second-factor' | QrState;

/**
 * The PC side of QR sign-in: a ticket, then its state every QR_POLL_INTERVAL_MS (1.5 s) while it is
 * waiting or scanned. On confirmation the sign-in is stored as the password
 * login stores it (token, username, user data, user info) and `onSignedIn` runs.
 */
export function useQrLogin(onSignedIn: () => void) {
  const [ticket, setTicket] = useState<QrCodeTicket | null>(null);
  const [phase, setPhase] = useState<QrPhase>('loading');
  const [secondFactorTicket, setSecondFactorTicket] = useState<string | null>(null);
  // Bumped after every answer, so the next poll is scheduled even when the state stays the same.
  const [polls, setPolls] = useState(0);
  const round = useRef(0);
  /** When the current code runs out, by this browser's clock. */
  const deadline = useRef(0);
  const signedInRef = useRef(onSignedIn);
  useEffect(() => {
    signedInRef.current = onSignedIn;
  });

  // Each refresh asks for a new ticket; answers from an older round are dropped.
  const [generation, setGeneration] = useState(0);

  const refresh = useCallback(() => {
    setPhase('loading');
    setTicket(null);
    setGeneration((n) => n + 1);
  }, []);

  useEffect(() => {
    const mine = ++round.current;
    createQrCode().then(
      (fresh) => {
        if (mine !== round.current) return;
        deadline.current = Date.now() + fresh.expiresIn * 1000;
        setTicket(fresh);
        setPhase('waiting');
      },
      () => {
        if (mine === round.current) setPhase('failed');
      },
    );
    // Unmounting (or a refresh) stops any poll of the old ticket.
    return () => {
      round.current += 1;
    };
  }, [generation]);

  useEffect(() => {
    if (!ticket || (phase !== 'waiting' && phase !== 'scanned')) return;
    const mine = round.current;
    const timer = setTimeout(async () => {
      try {
        const answer = await getQrStatus(ticket.ticket, ticket.secret);
        if (mine !== round.current) return;
        if (answer.status !== 'confirmed') {
          setPhase(answer.status);
          setPolls((n) => n + 1);
          return;
        }
        if (!answer.login) {
          // Collected elsewhere already: this browser holds no session.
          setPhase('expired');
          return;
        }
        useUserStore.getState().resetToken();
        useAppStore.getState().resetSystem();
        setPhase('confirmed');
        await storeSignIn(answer.login, true).catch(() => undefined);
        signedInRef.current();
      } catch (error) {
        if (mine !== round.current) return;
        const waiting = secondFactorTicketOf(error);
        if (waiting) {
          setSecondFactorTicket(waiting);
          setPhase('second-factor');
          return;
        }
        // The server forgot the ticket or cannot be reached: past its life it is
        // expired; before that the next poll tries again.
        if (Date.now() >= deadline.current) setPhase('expired');
        else setPolls((n) => n + 1);
      }
    }, QR_POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [ticket, phase, polls]);

  return { ticket, phase, refresh, secondFactorTicket };
}
