import fs from 'node:fs/promises';
import path from 'node:path';
import type { Repositories, WithTransaction } from '../../repositories.js';
import type { FileRecord, FileRepository } from './file.repository.js';

/**
 * Where the bytes of an upload live. The folder is the default of a single
 * process; the database lets several instances behind a load balancer serve
 * every file without a shared disk.
 */
export interface FileStorage {
  readonly kind: FileRecord['storage'];
  save(record: FileRecord, bytes: Buffer): Promise<void>;
  read(record: FileRecord): Promise<Buffer | null>;
}

export class FolderFileStorage implements FileStorage {
  readonly kind = 'folder' as const;

  constructor(
    private readonly root: string,
    private readonly files: FileRepository,
  ) {}

  async save(record: FileRecord, bytes: Buffer): Promise<void> {
    const target = this.pathOf(record.storageKey);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write under a temporary name, then rename: a crash never leaves half a file.
    const temporary = `${target}.part`;
    await fs.writeFile(temporary, bytes, { mode: 0o640 });
    await fs.rename(temporary, target);
    try {
      await this.files.insert(record);
    } catch (error) {
      await fs.rm(target, { force: true });
      throw error;
    }
  }

  async read(record: FileRecord): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(record.storageKey));
    } catch {
      return null;
    }
  }

  /** Keys are server-generated (`bucket/yyyy/mm/uuid.ext`); the check guards the invariant. */
  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep))
      throw new Error('bad storage key');
    return resolved;
  }
}

export interface DatabaseFileStorageOptions {
  repositories: Pick<Repositories, 'files'>;
  withTransaction: WithTransaction;
}

export class DatabaseFileStorage implements FileStorage {
  readonly kind = 'database' as const;

  constructor(private readonly options: DatabaseFileStorageOptions) {}

  /** The row and its bytes stand or fall together: no file without bytes, no orphan bytes. */
  async save(record: FileRecord, bytes: Buffer): Promise<void> {
    await this.options.withTransaction(async ({ files }) => {
      await files.insert(record);
      await files.insertBlob(record.id, bytes);
    });
  }

  read(record: FileRecord): Promise<Buffer | null> {
    return this.options.repositories.files.readBlob(record.id);
  }
}
