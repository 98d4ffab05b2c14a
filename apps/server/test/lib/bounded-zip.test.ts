import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  lyingAbout,
  repeatedPart,
  textPart,
  zipArchive,
} from '../../../../bench/reliability/lib/hostile-xlsx.js';
import { ZipLimitError, openBoundedZip } from '../../src/lib/bounded-zip.js';

const MiB = 1024 * 1024;
const limits = { maxEntries: 10, maxEntryBytes: 4 * MiB, maxTotalBytes: 8 * MiB };

/** A part of `bytes` zeros that declares 1 kB. */
const lying = (name: string, bytes: number) =>
  lyingAbout(repeatedPart(name, { head: '', unit: '\0', bytes, tail: '' }), 1024);

async function drain(stream: Readable): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  return bytes;
}

describe('openBoundedZip', () => {
  it('gives the entries as they unpack', async () => {
    const zip = await openBoundedZip(zipArchive([textPart('a.xml', '<a>hello</a>')]), limits);
    expect(zip.has('a.xml')).toBe(true);
    expect(zip.has('b.xml')).toBe(false);
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.open('a.xml')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('<a>hello</a>');
  });

  it('counts the actual bytes of all the entries opened against the total', async () => {
    const zip = await openBoundedZip(
      zipArchive([lying('a', 3 * MiB), lying('b', 3 * MiB), lying('c', 3 * MiB)]),
      limits,
    );
    expect(await drain(await zip.open('a'))).toBe(3 * MiB);
    expect(await drain(await zip.open('b'))).toBe(3 * MiB);
    await expect(drain(await zip.open('c'))).rejects.toEqual(new ZipLimitError('maxTotalBytes'));
  });

  it('stops an entry at its limit, whatever it declares', async () => {
    const zip = await openBoundedZip(zipArchive([lying('bomb', 64 * MiB)]), limits);
    await expect(drain(await zip.open('bomb'))).rejects.toEqual(new ZipLimitError('maxEntryBytes'));
  });

  it('refuses by the central directory before unpacking anything', async () => {
    const parts = Array.from({ length: 11 }, (_, index) => textPart(`p${index}`, 'x'));
    await expect(openBoundedZip(zipArchive(parts), limits)).rejects.toEqual(
      new ZipLimitError('maxEntries'),
    );
    const honest = (name: string, bytes: number) =>
      repeatedPart(name, { head: '', unit: '\0', bytes, tail: '' });
    await expect(openBoundedZip(zipArchive([honest('big', 5 * MiB)]), limits)).rejects.toEqual(
      new ZipLimitError('maxEntryBytes'),
    );
    await expect(
      openBoundedZip(
        zipArchive([honest('a', 3 * MiB), honest('b', 3 * MiB), honest('c', 3 * MiB)]),
        limits,
      ),
    ).rejects.toEqual(new ZipLimitError('maxTotalBytes'));
  });

  it('can be stopped part-way, and fails plainly on what is not a zip', async () => {
    const zip = await openBoundedZip(zipArchive([lying('bomb', 64 * MiB)]), limits);
    const stream = await zip.open('bomb');
    for await (const chunk of stream) {
      expect((chunk as Buffer).length).toBeGreaterThan(0);
      break;
    }
    expect(stream.destroyed).toBe(true);
    await expect(openBoundedZip(Buffer.from('not a zip'), limits)).rejects.not.toBeInstanceOf(
      ZipLimitError,
    );
  });
});
