import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Key/value settings; values are text, JSON where a setting is structured. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** RSA key pairs for the login password's transport encryption, shared by all instances. */
export const rsaKeys = pgTable('rsa_keys', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
