import { afterEach, describe, expect, it } from 'vitest';
import { resolveFileUrl } from './file-url';
import { setRuntimeConfig } from './runtime-config';

afterEach(() => setRuntimeConfig({ apiBaseUrl: '/api' }));

describe('resolveFileUrl', () => {
  const id = '0b7c3c9e-1111-4a1a-9c1e-123456789abc';

  it('loads an address the upload answers as it is', () => {
    expect(resolveFileUrl(`/api/file-go-fastdfs/files/${id}.png`)).toBe(
      `/api/file-go-fastdfs/files/${id}.png`,
    );
    expect(resolveFileUrl(`https://city.example/api/file-go-fastdfs/files/${id}.jpg`)).toBe(
      `https://city.example/api/file-go-fastdfs/files/${id}.jpg`,
    );
  });

  it('puts the API base in front of an address stored in the first form', () => {
    expect(resolveFileUrl(`/file-go-fastdfs/files/${id}.png`)).toBe(
      `/api/file-go-fastdfs/files/${id}.png`,
    );
    setRuntimeConfig({ apiBaseUrl: 'https://api.city.example/gateway/' });
    expect(resolveFileUrl(`/file-go-fastdfs/files/${id}.png`)).toBe(
      `https://api.city.example/gateway/file-go-fastdfs/files/${id}.png`,
    );
  });

  it('does not put the API base twice', () => {
    setRuntimeConfig({ apiBaseUrl: '/gateway/api' });
    expect(resolveFileUrl(`/gateway/api/file-go-fastdfs/files/${id}.png`)).toBe(
      `/gateway/api/file-go-fastdfs/files/${id}.png`,
    );
  });

  it('keeps data and blob addresses and gives nothing for no address', () => {
    expect(resolveFileUrl('data:image/png;base64,AA==')).toBe('data:image/png;base64,AA==');
    expect(resolveFileUrl('blob:https://city.example/1')).toBe('blob:https://city.example/1');
    expect(resolveFileUrl(null)).toBeUndefined();
    expect(resolveFileUrl('')).toBeUndefined();
  });
});
