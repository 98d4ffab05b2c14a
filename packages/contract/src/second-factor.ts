import { z } from 'zod';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from './second-factor-rules.js';

/** A one-time code or a recovery code, spaces ignored. */
const secondFactorCodeSchema = z
  .string({ error: 'validation.required' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'validation.required')
      .refine(
        (value) => TOTP_CODE_PATTERN.test(value) || RECOVERY_CODE_PATTERN.test(value),
        'validation.invalid',
      ),
  );

export const secondFactorSignInSchema = z.object({
  ticket: z.string().trim().min(16, 'validation.invalid').max(128, 'validation.invalid'),
  code: secondFactorCodeSchema,
});

export const secondFactorStatusSchema = z.object({
  enrolled: z.boolean(),
  /** A role of the caller asks for it (the three administrators always). */
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
  enrolledAt: z.string().nullable(),
  /** Whether a required factor must be set up before anything else (SECOND_FACTOR_ENFORCED). */
  enforced: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** What the authenticator app is given: the QR code of the `otpauth://` address, and the key typed by hand. */
export const secondFactorEnrolmentSchema = z.object({
  qrCode: z.string(),
  secret: z.string(),
  otpauthUrl: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;

export const secondFactorConfirmSchema = z.object({
  code: z.string().trim().regex(TOTP_CODE_PATTERN, 'validation.invalid'),
});

/** Shown once, at enrolment. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const secondFactorRemoveSchema = z.object({ code: secondFactorCodeSchema });
