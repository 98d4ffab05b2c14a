import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** An uploaded file; its bytes are in a folder or in `file_blobs`. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    bucket: text('bucket').notNull(),
    /** `folder` or `database`: where the bytes are. */
    storage: text('storage').notNull(),
    /** Path below the upload folder (folder storage). */
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    extension: text('extension').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The name the browser gave, for display only; never used as a path. */
    originalName: text('original_name').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('files_uploaded_by_idx').on(table.uploadedBy, table.createdAt)],
);

/** File bytes when several instances share one PostgreSQL (no shared folder needed). */
export const fileBlobs = pgTable('file_blobs', {
  fileId: uuid('file_id')
    .primaryKey()
    .references(() => files.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
});
