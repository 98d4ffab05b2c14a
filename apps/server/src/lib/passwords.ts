import { createHash, randomInt } from 'node:crypto';
import {
  PASSWORD_SPECIALS,
  type PasswordRules,
  meetsPasswordPolicy,
  passwordProblem,
} from '@cityops/contract';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane). */
// `algorithm: 2` is Algorithm.Argon2id (an ambient const enum that verbatimModuleSyntax cannot import).
export const PASSWORD_HASH_OPTIONS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * The test suites' argon2id: 256 KiB and one pass, about 1.5 ms a hash instead of
 * 150-210 ms on the loaded CI machine. Only a test run gets it: it needs both
 * NODE_ENV=test and CITYOPS_TEST_PASSWORD_HASHING=fast, which the server suite's
 * global setup and vitest.config.ts set (docs/testing.md). Verifying reads the
 * parameters from the stored hash, so either kind of hash verifies under either.
 */
const TEST_PASSWORD_HASH_OPTIONS = {
  algorithm: 2,
  memoryCost: 256,
  timeCost: 1,
  parallelism: 1,
} as const;

export function passwordHashOptions(env: NodeJS.ProcessEnv = process.env) {
  return env.NODE_ENV === 'test' && env.CITYOPS_TEST_PASSWORD_HASHING === 'fast'
    ? TEST_PASSWORD_HASH_OPTIONS
    : PASSWORD_HASH_OPTIONS;
}

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/**
 * Passwords are stored as argon2id of their MD5 hex digest: the spec's password
 * calls carry digests, and the login (which carries the password itself) digests
 * it first, so both can be checked against one hash.
 */
export async function hashPasswordDigest(digest: string): Promise<string> {
  return hash(digest, passwordHashOptions());
}

export async function verifyPasswordDigest(storedHash: string, digest: string): Promise<boolean> {
  try {
    return await verify(storedHash, digest);
  } catch {
    return false;
  }
}

export function hashPassword(password: string): Promise<string> {
  return hashPasswordDigest(md5Hex(password));
}

/** A hash to verify against when the account does not exist, so both cases take as long. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPasswordDigest(md5Hex('decoy-password-never-used'));
  return decoyHash;
}

/** A password that meets the policy, from a cryptographic source. */
export function randomPassword(length = 16): string {
  const pools = [
    'ABCDEFGHJKLMNPQRSTUVWXYZ',
    'abcdefghijkmnopqrstuvwxyz',
    '23456789',
    PASSWORD_SPECIALS.trim(),
  ];
  const all = pools.join('');
  const characters = pools.map((pool) => pool[randomInt(pool.length)]!);
  while (characters.length < length) characters.push(all[randomInt(all.length)]!);
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j]!, characters[i]!];
  }
  const password = characters.join('');
  return meetsPasswordPolicy(password) ? password : randomPassword(length);
}

/**
 * Length of a generated first password: within the policy, easy to read out once
 * (longer where the security administrator's minimum is).
 */
export const ISSUED_PASSWORD_LENGTH = 12;

/**
 * A first password an administrator hands out: `length` characters or the rules'
 * minimum if longer, and never the login name where the rules forbid it.
 */
export function issuedPassword(length: number, rules: PasswordRules, loginName: string): string {
  for (;;) {
    const password = randomPassword(Math.max(length, rules.minLength));
    if (!passwordProblem(password, rules, loginName)) return password;
  }
}
