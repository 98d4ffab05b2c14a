import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { fileBlobs, files } from '../../db/schema/index.js';

export interface FileRecord {
  id: string;
  bucket: string;
  storage: 'folder' | 'database';
  storageKey: string;
  contentType: string;
  extension: string;
  sizeBytes: number;
  width: number;
  height: number;
  originalName: string;
  uploadedBy: number | null;
  createdAt: Date;
}

export class FileRepository {
  constructor(private readonly db: Executor) {}

  async insert(record: FileRecord): Promise<void> {
    await this.db.insert(files).values(record);
  }

  /** The bytes of a file kept in the database (after its row). */
  async insertBlob(fileId: string, bytes: Buffer): Promise<void> {
    await this.db.insert(fileBlobs).values({ fileId, data: bytes });
  }

  async findById(id: string): Promise<FileRecord | null> {
    const rows = await this.db.select().from(files).where(eq(files.id, id));
    const row = rows[0];
    return row ? { ...row, storage: row.storage as FileRecord['storage'] } : null;
  }

  async readBlob(id: string): Promise<Buffer | null> {
    const rows = await this.db
      .select({ data: fileBlobs.data })
      .from(fileBlobs)
      .where(eq(fileBlobs.fileId, id));
    return rows[0]?.data ?? null;
  }
}
