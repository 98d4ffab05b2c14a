import { z } from 'zod';
import { QR_STATES, SMS_CODE_PATTERN } from './auth-constants.js';
import { MD5_HEX_PATTERN } from './rules.js';
import { tokenResponseSchema } from './auth.js';
import { mobileSchema } from './validation.js';

/** An MD5 hex digest, the form the spec's password calls carry. */
const digest = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .min(1, requiredKey)
    .transform((value) => value.toLowerCase())
    .pipe(z.string().regex(MD5_HEX_PATTERN, 'password.digestInvalid'));

/**
 * The new password itself, RSA-OAEP encrypted with the key of `oauth/pubKey`, so
 * the server can check the policy (it cannot from a digest). Its MD5 must equal
 * `newPassword`. See docs/spec-deviations.md.
 */
const newPasswordCipher = {
  newPasswordCipher: z
    .string()
    .min(1, 'validation.newPassword.required')
    .max(1024, 'validation.tooLong'),
  keyId: z.string().min(1).max(64),
};

/** `GET /organization/user/isPassword`: 0 nothing, 1 must reset, 2 old. */
export const passwordStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** `POST /organization/user/ret`: each password an MD5 hex digest. */
export const changePasswordRequestSchema = z.object({
  password: digest('validation.oldPassword.required'),
  newPassword: digest('validation.newPassword.required'),
  newPasswordTwo: digest('validation.confirmPassword.required'),
  ...newPasswordCipher,
});
/** `POST /authorization-server/oauth/verificationCode`: a new image captcha. */
export const captchaSchema = z.object({
  captchaId: z.string(),
  /** A PNG image as a data URL. */
  image: z.string(),
  expiresIn: z.number().int(),
});
export type Captcha = z.infer<typeof captchaSchema>;

/** `POST /authorization-server/oauth/basic`: what the pre-sign-in screens need to know. */
export const basicClientSchema = z.object({
  clientId: z.string(),
  smsCodeLength: z.number().int(),
  smsCodeTtlSeconds: z.number().int(),
  smsResendSeconds: z.number().int(),
  /** The security administrator's password rules, for the new-password forms (issue 24). */
  passwordRules: z.object({ minLength: z.number().int(), forbidLoginName: z.boolean() }),
});
export type BasicClient = z.infer<typeof basicClientSchema>;

/** `POST /message-sms/sms/kaptcha` and `sms/pwb_kaptcha`. */
export const smsCodeRequestSchema = z.object({ mobile: mobileSchema });
/** The same answer whether or not the number belongs to an account. */
export const smsCodeSentSchema = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type SmsCodeSent = z.infer<typeof smsCodeSentSchema>;

const smsCode = z
  .string({ error: 'sms.codeRequired' })
  .trim()
  .min(1, 'sms.codeRequired')
  .regex(SMS_CODE_PATTERN, 'sms.codeFormat');

/** `POST /organization/user/check_phone`: the code of a number; a reset ticket for `password`. */
export const checkPhoneRequestSchema = z.object({
  mobile: mobileSchema,
  code: smsCode,
  purpose: z.enum(['password', 'verify']).default('password'),
});
export const checkPhoneResponseSchema = z.object({
  /** One-time ticket for `find_pwd` (purpose `password`), null otherwise. */
  ticket: z.string().nullable(),
  expiresInSeconds: z.number().int(),
});
export type CheckPhoneResponse = z.infer<typeof checkPhoneResponseSchema>;

/** `POST /organization/user/find_pwd`: the new password after a checked SMS code. */
export const findPasswordRequestSchema = z.object({
  mobile: mobileSchema,
  ticket: z.string().min(1, 'sms.ticketInvalid').max(128, 'sms.ticketInvalid'),
  newPassword: digest('validation.newPassword.required'),
  newPasswordTwo: digest('validation.confirmPassword.required'),
  ...newPasswordCipher,
});

/** `POST /authorization-server/oauth/qrCode`: a new ticket for the PC's QR tab. */
export const qrCodeRequestSchema = z.object({
  appId: z.string().trim().min(1).max(32),
  timeStamp: z.coerce.number().int().positive(),
});
export const qrCodeResponseSchema = z.object({
  ticket: z.string(),
  /** Only the requesting browser holds it; needed to follow the ticket and collect the sign-in. */
  secret: z.string(),
  /** What the QR code encodes: the product's mobile confirm page for this ticket. */
  content: z.string(),
  /** `content` drawn as an SVG QR code by the server, so the login page carries no QR library. */
  svg: z.string(),
  expiresIn: z.number().int(),
  /** The two helpers, which the web app reaches by full URL. */
  scanUrl: z.string(),
  confirmUrl: z.string(),
});
export type QrCodeTicket = z.infer<typeof qrCodeResponseSchema>;

export const qrStatusRequestSchema = z.object({
  ticket: z.string().min(1).max(64),
  secret: z.string().min(1).max(128),
});
export const qrStatusResponseSchema = z.object({
  status: z.enum(QR_STATES),
  /** Present once, on the first answer after confirmation. */
  login: tokenResponseSchema.nullable(),
});
export type QrStatusResponse = z.infer<typeof qrStatusResponseSchema>;

export const qrScanRequestSchema = z.object({ ticket: z.string().min(1).max(64) });
/** What the phone shows: which browser asked and when. */
export const qrScanResponseSchema = z.object({
  status: z.enum(QR_STATES),
  appId: z.string(),
  browser: z.string(),
  ipAddress: z.string(),
  requestedAt: z.string(),
  expiresAt: z.string(),
});
export type QrScanResponse = z.infer<typeof qrScanResponseSchema>;

export const qrConfirmRequestSchema = z.object({
  ticket: z.string().min(1).max(64),
  /** `true` confirms, `false` refuses (form posts send text). */
  confirm: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
});
