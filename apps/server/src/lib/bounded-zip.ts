import { type Readable, Transform, pipeline } from 'node:stream';
import yauzl from 'yauzl';

/** What a zip may hold and unpack to; every figure is checked before and while unpacking. */
export interface ZipLimits {
  /** Entries in the central directory. */
  maxEntries: number;
  /** Unpacked bytes of one entry. */
  maxEntryBytes: number;
  /** Unpacked bytes of all the entries together. */
  maxTotalBytes: number;
}

export type ZipLimit = keyof ZipLimits;

/** A zip passed one of its limits: nothing more of it is unpacked. */
export class ZipLimitError extends Error {
  constructor(readonly limit: ZipLimit) {
    super(`zip limit passed: ${limit}`);
    this.name = 'ZipLimitError';
  }
}

export interface BoundedZip {
  /** Whether the central directory lists this file (`xl/workbook.xml`). */
  has(name: string): boolean;
  /**
   * The unpacked bytes of one entry, as they inflate. The stream fails with a
   * `ZipLimitError` as soon as this entry, or everything opened so far, passes its
   * limit; destroying it stops the inflation.
   */
  open(name: string): Promise<Readable>;
}

/**
 * Opens a zip held in memory (an upload) with limits, for a hostile file: yauzl (a
 * maintained reader that works from the central directory, with random access) lists
 * the entries, and the sizes they declare are checked before anything is unpacked;
 * then every entry opened is counted as it inflates, because a declared size can lie.
 * yauzl's own size check (`validateEntrySizes`) is off: the limits bound the actual
 * bytes, so a size that lies costs no more than one that does not, and the refusal
 * names the limit rather than a malformed size.
 */
export async function openBoundedZip(bytes: Buffer, limits: ZipLimits): Promise<BoundedZip> {
  const zip = await yauzl.fromBufferPromise(bytes, {
    lazyEntries: true,
    validateEntrySizes: false,
  });
  if (zip.entryCount > limits.maxEntries) throw new ZipLimitError('maxEntries');
  const entries = new Map<string, yauzl.Entry>();
  let declared = 0;
  for await (const entry of zip.eachEntry()) {
    if (entry.uncompressedSize > limits.maxEntryBytes) throw new ZipLimitError('maxEntryBytes');
    declared += entry.uncompressedSize;
    if (declared > limits.maxTotalBytes) throw new ZipLimitError('maxTotalBytes');
    // A name listed twice: the first one is read.
    if (!entries.has(entry.fileName)) entries.set(entry.fileName, entry);
  }

  let unpacked = 0;
  return {
    has: (name) => entries.has(name),
    async open(name) {
      const entry = entries.get(name);
      if (!entry) throw new Error(`no entry ${name}`);
      const inflating = await zip.openReadStreamPromise(entry);
      let entryBytes = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          entryBytes += chunk.length;
          unpacked += chunk.length;
          if (entryBytes > limits.maxEntryBytes) done(new ZipLimitError('maxEntryBytes'));
          else if (unpacked > limits.maxTotalBytes) done(new ZipLimitError('maxTotalBytes'));
          else done(null, chunk);
        },
      });
      // The reader sees every failure on `counted`; pipeline ends the inflation with it.
      pipeline(inflating, counted, () => {});
      return counted;
    },
  };
}
