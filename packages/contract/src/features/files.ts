import type { FeatureManifest } from './manifest.js';

/** Image upload, and the stored files it answers with. */
export const filesFeature = {
  feature: 'files',
  paths: {
    FILE_PATHS: {
      upload: '/file-go-fastdfs/file/upload',
      file: '/file-go-fastdfs/files/:fileName',
    },
  },
} as const satisfies FeatureManifest;
