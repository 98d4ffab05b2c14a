export const profile = {
  dialogTitle: 'Personal info',
  username: 'Username',
  name: 'Name',
  mobile: 'Mobile',
  unit: 'Unit',
  department: 'Department',
  avatar: 'Avatar',
  uploadAvatar: 'Upload avatar',
  modified: 'Modified successfully',
  usernameChanged: 'Username changed, please log in again',
};
