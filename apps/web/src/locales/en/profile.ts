export const profile = {
  dialogTitle: 'personal info',
  username: 'Username',
  name: 'name',
  mobile: 'mobile',
  unit: 'unit',
  department: 'department',
  avatar: 'avatar',
  uploadAvatar: 'upload avatar',
  modified: 'modified successfully',
  usernameChanged: 'username changed, please log in again',
};
