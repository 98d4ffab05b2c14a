import type { FeatureManifest } from './manifest.js';

export const FILE_PATHS = {
  upload: '/file-go-fastdfs/file/upload',
  file: '/file-go-fastdfs/files/:fileName',
} as const;

/** Image upload, and the stored files it answers with. */
export const filesFeature = {
  feature: 'files',
  paths: {
    FILE_PATHS,
  },
} as const satisfies FeatureManifest;
