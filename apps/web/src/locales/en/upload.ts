export const upload = {
  add: 'Upload',
  failed: 'Upload failed',
};
