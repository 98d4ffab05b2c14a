import { z } from 'zod';
import { LOGIN_APP_ID, LOGIN_SCOPE } from './constants.js';
import { usernameSchema } from './validation.js';

/** The encryptions of the sign-in transport: one per crypto profile (docs/cryptography.md). */
export const PUBLIC_KEY_ALGORITHMS = ['RSA-OAEP-256', 'SM2'] as const;
export type PublicKeyAlgorithm = (typeof PUBLIC_KEY_ALGORITHMS)[number];

/** `POST /authorization-server/oauth/pubKey`: the key that encrypts the login password. */
export const publicKeySchema = z.object({
  keyId: z.string(),
  /**
   * `RSA-OAEP-256`: SubjectPublicKeyInfo in PEM. `SM2`: the uncompressed point in hex
   * (`04` and the two 32-byte coordinates).
   */
  publicKey: z.string(),
  /**
   * Encryption the client must use. `RSA-OAEP-256`: the cipher in base64. `SM2`
   * (GB/T 32918.4, C1C3C2, the UTF-8 text as the message): the cipher in hex, as
   * sm-crypto-v2's `sm2.doEncrypt(password, publicKey, 1)` returns it, with or
   * without the leading `04`.
   */
  algorithm: z.enum(PUBLIC_KEY_ALGORITHMS),
});
export type PublicKey = z.infer<typeof publicKeySchema>;

/** `POST /authorization-server/oauth/token` (password grant). */
export const tokenRequestSchema = z.object({
  grant_type: z.literal('password'),
  username: usernameSchema,
  /** The password encrypted with the public key: base64 (RSA-OAEP-256) or hex (SM2). */
  password: z
    .string({ error: 'validation.password.required' })
    .min(1, 'validation.password.required')
    .max(1024, 'validation.tooLong'),
  keyId: z.string().min(1).max(64),
  scope: z.literal(LOGIN_SCOPE),
  appId: z.literal(LOGIN_APP_ID),
  /** The image captcha, once the server asks for it after failed attempts. */
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().trim().max(16).optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** The user data the web app keeps for the signed-in user. */
export const userDataSchema = z.object({
  username: z.string(),
  id: z.string(),
  userId: z.string(),
  roleIds: z.array(z.string()),
  /** The permission codes the user's roles hold (access.ts); the server checks them on every call. */
  permissions: z.array(z.string()),
  name: z.string(),
  mobile: z.string(),
  organizationId: z.string().nullable(),
  departmentId: z.string().nullable(),
  headImage: z.string().nullable(),
  /**
   * The sign-in before the caller's current session (time, ISO 8601 UTC, and
   * address); null when there is none. Only in the caller's own user info
   * (`GET /organization/user`), so the web app tells it once after sign-in.
   */
  previousSignIn: z
    .object({ at: z.string(), ipAddress: z.string().nullable() })
    .nullable()
    .optional(),
  /**
   * A role of the caller asks for a second factor and none is set up yet (issue 13):
   * the shell asks them to set it up. Only in the caller's own user info.
   */
  secondFactorDue: z.boolean().optional(),
});
export type UserData = z.infer<typeof userDataSchema>;

export const tokenResponseSchema = userDataSchema.extend({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the token expires. */
  expires_in: z.number().int(),
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** `GET /organization/user?uniqueId=` */
export const userQuerySchema = z.object({
  uniqueId: usernameSchema,
});
