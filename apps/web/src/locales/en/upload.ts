export const upload = {
  add: 'upload',
  failed: 'upload failed',
};
