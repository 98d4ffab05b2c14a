import { describe, expect, it } from 'vitest';
import { FileAddresses } from '../../../src/modules/files/file-address.js';

const name = '0b7c3c9e-1111-4a1a-9c1e-123456789abc.png';

describe('FileAddresses', () => {
  it('answers root-relative with the API base, and reads that and the first form', () => {
    const addresses = new FileAddresses('/api');
    expect(addresses.of(name)).toBe(`/api/file-go-fastdfs/files/${name}`);
    expect(addresses.fileNameOf(`/api/file-go-fastdfs/files/${name}`)).toBe(name);
    expect(addresses.fileNameOf(`/file-go-fastdfs/files/${name}`)).toBe(name);
  });

  it('answers absolute below PUBLIC_URL and still reads the root-relative form', () => {
    const addresses = new FileAddresses('/api/', 'https://ops.city.example/admin');
    expect(addresses.of(name)).toBe(`https://ops.city.example/api/file-go-fastdfs/files/${name}`);
    expect(addresses.fileNameOf(`https://ops.city.example/api/file-go-fastdfs/files/${name}`)).toBe(
      name,
    );
    expect(addresses.fileNameOf(`/api/file-go-fastdfs/files/${name}`)).toBe(name);
  });

  it('keeps an absolute API base as it is', () => {
    const addresses = new FileAddresses('https://api.city.example/api', 'https://ops.city.example');
    expect(addresses.of(name)).toBe(`https://api.city.example/api/file-go-fastdfs/files/${name}`);
  });

  it.each([
    `https://evil.example/api/file-go-fastdfs/files/${name}`,
    `/other/file-go-fastdfs/files/${name}`,
    `/api/file-go-fastdfs/files/../${name}`,
    `/api/file-go-fastdfs/files/${name}?x=1`,
    `/api/file-go-fastdfs/files/0b7c3c9e.gif`,
    'javascript:alert(1)',
  ])('reads no file name from %s', (address) => {
    expect(new FileAddresses('/api').fileNameOf(address)).toBeNull();
  });
});
