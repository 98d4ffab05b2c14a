import { z } from 'zod';
import type { MenuEntry } from './menu-rules.js';

export const sysModelSchema = z.object({
  id: z.string(),
  url: z.string(),
  query: z.record(z.string(), z.string()),
  integrated: z.boolean(),
});

export const menuEntrySchema: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    nameEn: z.string(),
    icon: z.string().nullable(),
    hasTwo: z.boolean(),
    sysModelVos: z.array(menuEntrySchema),
    children: z.array(menuEntrySchema),
    sysModels: sysModelSchema,
  }),
);

export const menuListSchema = z.array(menuEntrySchema);
