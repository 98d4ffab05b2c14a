import type { Logger } from 'drizzle-orm';
import { assertPolicyAsked } from '../lib/request-trace.js';

/**
 * Tables a signed-in request writes without asking the access policy, each with why.
 * Every other table is guarded: a write to it in a signed-in request that never asked
 * the policy fails (PolicyNotAskedError, a logged 500 and a failed test), so a new
 * table is guarded by default (docs/architecture.md, "A write is one declaration").
 */
export const WRITTEN_WITHOUT_POLICY: Readonly<Record<string, string>> = {
  // What every request leaves behind, whoever it acts on.
  audit_trail: "the trail's own records, refusals included",
  audit_trail_pending: "a change's record waiting to be chained, and chained",
  audit_chain_head: "the trail's chain head, moved by every record",
  audit_archives: 'written by the archive command only',
  request_limits: 'the rate limits count every caller',
  sessions: "a session's last activity; its ends ask the policy in session.repository.ts",
  login_attempts: 'counted at sign-in; clearing one asks the policy in its repository',
  password_history: "written with the holder's own password change (own.password)",
  captchas: 'a challenge for anyone',
  sms_codes: 'a one-time code for its own holder',
  sse_tickets: "a ticket for the caller's own notification stream",
  qr_tickets: 'a sign-in ticket the caller confirms for themself',
  second_factor_tickets: "a ticket of the caller's own sign-in",
  rsa_keys: 'the sign-in key pair, rotated by the server',
  server_secrets: 'sealed server keys, made at start',
  oidc_records: "the provider's own records of a subsystem sign-in",
  oidc_signing_keys: "the provider's signing keys, made at start",
  subsystem_sign_ins: 'which subsystems a session signed in to',
  backchannel_logouts: 'logout notices a session end queues',
  // Uploads decide by permission code alone today: their writes move onto a declared
  // policy, as the guide's, the map's and the messages' did (the issue 29 closing note).
  files: "pending: an upload is the caller's own",
  file_blobs: "pending: an upload is the caller's own",
  // Sending and withdrawing a message ask the policy (message.send, message.withdraw).
  message_recipients: 'a recipient marks their own messages read (updateRead, upAllMsg)',
};

const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/i;

/** The table a statement writes, or null for a read. */
export function writtenTable(query: string): string | null {
  return WRITE.exec(query)?.[1]?.toLowerCase() ?? null;
}

/**
 * Sees every statement of both drivers before it runs (Drizzle's logger hook): a
 * write to a guarded table in a signed-in request requires the policy asked first.
 */
export const policyGuard: Logger = {
  logQuery(query) {
    const table = writtenTable(query);
    if (table !== null && !(table in WRITTEN_WITHOUT_POLICY)) assertPolicyAsked(table);
  },
};
