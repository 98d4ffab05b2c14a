import { z } from 'zod';
import { LOGIN_APP_ID, LOGIN_SCOPE } from './constants.js';
import { usernameSchema } from './validation.js';

/** `POST /authorization-server/oauth/pubKey`: the RSA key that encrypts the login password. */
export const publicKeySchema = z.object({
  keyId: z.string(),
  /** SubjectPublicKeyInfo in PEM. */
  publicKey: z.string(),
  /** Encryption the client must use. */
  algorithm: z.literal('RSA-OAEP-256'),
});
export type PublicKey = z.infer<typeof publicKeySchema>;

/** `POST /authorization-server/oauth/token` (password grant). */
export const tokenRequestSchema = z.object({
  grant_type: z.literal('password'),
  username: usernameSchema,
  /** The password encrypted with the public key, base64. */
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
