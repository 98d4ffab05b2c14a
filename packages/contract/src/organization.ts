import { z } from 'zod';

/** `GET /organization/config?key=` */
export const configQuerySchema = z.object({
  key: z.string().min(1).max(64),
});
/** The setting's value, or null when it is not set. */
export const configValueSchema = z.string().nullable();

/** `GET /organization/config/weather` */
export const weatherSchema = z.object({
  city: z.string(),
  cityEn: z.string(),
  text: z.string(),
  textEn: z.string(),
  /** Degrees Celsius. */
  temperature: z.number(),
  /** One of sunny, cloudy, overcast, rain, snow, fog. */
  icon: z.string(),
  updatedAt: z.string(),
});
export type Weather = z.infer<typeof weatherSchema>;
