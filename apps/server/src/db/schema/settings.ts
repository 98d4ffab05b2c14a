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
  /** When a newer key replaced it; it still decrypts for a short overlap after. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/**
 * Secrets the server makes for itself (the key of the SMS code HMAC), kept in
 * the database so every instance uses the same one.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  /** Random bytes, base64. */
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
