import { authMessagesEn, authMessagesZhCN } from './auth-messages.js';
import { guideMessagesEn, guideMessagesZhCN } from './business-guide-messages.js';

/**
 * Texts that both the server and the web app show: the forms' validation
 * messages and the messages of the error codes. The web app merges them into its
 * i18next resources; the server answers in the caller's language.
 */
const en = {
  'validation.username.required': 'username cannot be empty!',
  'validation.name.required': 'name cannot be empty!',
  'validation.mobile.required': 'please enter mobile number',
  'validation.mobile.invalid': 'please enter correct mobile number',
  'validation.unit.required': 'unit cannot be empty!',
  'validation.department.required': 'department cannot be empty!',
  'validation.password.required': 'please enter password',
  'validation.oldPassword.required': 'please enter old password',
  'validation.newPassword.required': 'please enter new password',
  'validation.newPassword.policy':
    'password needs 8-18 characters, must contain upper and lower case letters, digits, special characters!',
  'validation.confirmPassword.required': 'please confirm password again',
  'validation.confirmPassword.mismatch': 'the two passwords do not match',
  'validation.password.mismatchOnSubmit': 'two passwords do not match',
  'validation.required': 'this field is required',
  'validation.invalid': 'this value is not valid',
  'validation.tooLong': 'this value is too long',
  'validation.controlCharacter': 'this value contains control characters that are not allowed',
  'validation.pageTooFar': 'the page number is too large',
  'error.tokenInvalid': 'invalid token, please log in again!',
  'error.sessionGone': 'please log in again',
  'error.badRequest': 'the request is not valid',
  'error.validation': 'please check the field: {{fields}}',
  'error.badCredentials': 'incorrect username or password',
  'error.forbidden': 'you do not have permission to do this',
  'error.notFound': 'not found',
  'error.conflict': 'someone else changed this in the meantime, please reload',
  'error.payloadTooLarge': 'the content is too large',
  'error.unsupportedMedia': 'this kind of content is not accepted',
  'error.rateLimited': 'too many requests, please try again later',
  'error.captchaRequired': 'please enter the verification code',
  'error.captchaInvalid': 'the verification code is wrong',
  'error.accountLocked': 'this account is locked, please try again later',
  'error.accountDisabled': 'this account is disabled',
  'error.passwordResetRequired': 'please reset password',
  'error.server': 'server exception',
  'error.unavailable': 'the service is restarting, please try again in a moment',
  'error.temporarilyUnavailable':
    'the service is temporarily unavailable, please try again in a few seconds',
  'upload.typeNotAllowed': 'only png, jpg and jpeg images can be uploaded',
  'upload.tooLarge': 'the file is larger than {{limit}}',
  'upload.tooManyPixels':
    'the image is too large ({{width}} x {{height}} pixels; at most {{limit}} megapixels)',
  'upload.fileMissing': 'choose a file to upload',
  'upload.bucketInvalid': 'the bucket name may use lower-case letters, digits and hyphens',
  'upload.corrupt': 'the image cannot be read',
  ...authMessagesEn,
  'menu.notIntegrated': 'this menu entry is not an integrated system',
  'message.recipientsRequired': 'choose at least one user or role',
  'message.notFound': 'this message does not exist or is not yours',
  'message.sseTicketInvalid': 'the live-update ticket is invalid or used',
  'message.linkNotAllowed':
    'the link must be a page of this platform or of a configured subsystem (http or https)',
  'profile.headImageInvalid': 'the avatar must be an image uploaded by you',
  'profile.usernameTaken': 'this login name is already used',
  'profile.departmentMismatch': 'the department does not belong to the unit',
  'profile.readOnlyFields': 'only an administrator can change these fields: {{fields}}',
  ...guideMessagesEn,
  'gis.geometry.invalid': 'the geometry is not valid GeoJSON',
  'gis.geometry.outOfRange':
    'coordinates must be longitude -180 to 180 and latitude -90 to 90 (WGS-84)',
  'gis.geometry.tooManyVertices': 'a feature may have at most 5000 vertices',
  'gis.geometry.tooFewPoints': 'the geometry has too few points',
  'gis.geometry.ringNotClosed': 'a polygon ring must end where it starts',
  'gis.geometry.selfIntersection': 'a polygon must not cross itself',
  'gis.bbox.invalid': 'the bounding box is not valid',
  'gis.name.required': 'please enter a name',
  'gis.tooManyProperties': 'a feature may have at most 50 properties',
  'gis.tileUrl.invalid': 'the tile address needs {x}, {y} and {z}',
  'gis.layerReadOnly': 'this layer cannot be edited',
} as const;

export type MessageKey = keyof typeof en;

const zhCN: Record<MessageKey, string> = {
  'validation.username.required': '用户名不能为空！',
  'validation.name.required': '姓名不能为空！',
  'validation.mobile.required': '请输入手机号码',
  'validation.mobile.invalid': '请输入正确的手机号码',
  'validation.unit.required': '单位不能为空！',
  'validation.department.required': '部门不能为空！',
  'validation.password.required': '请输入密码',
  'validation.oldPassword.required': '请输入旧密码',
  'validation.newPassword.required': '请输入新密码',
  'validation.newPassword.policy': '密码需为8-18位，必须包含大小写字母、数字和特殊字符！',
  'validation.confirmPassword.required': '请再次确认密码',
  'validation.confirmPassword.mismatch': '两次输入的密码不一致',
  'validation.password.mismatchOnSubmit': '两次密码不一致',
  'validation.required': '此项为必填项',
  'validation.invalid': '此项的值无效',
  'validation.tooLong': '此项内容过长',
  'validation.controlCharacter': '此项包含不允许的控制字符',
  'validation.pageTooFar': '页码过大',
  'error.tokenInvalid': '令牌无效，请重新登录！',
  'error.sessionGone': '请重新登录',
  'error.badRequest': '请求无效',
  'error.validation': '请检查字段：{{fields}}',
  'error.badCredentials': '用户名或密码错误',
  'error.forbidden': '您没有执行此操作的权限',
  'error.notFound': '未找到',
  'error.conflict': '内容已被他人修改，请刷新后再试',
  'error.payloadTooLarge': '内容过大',
  'error.unsupportedMedia': '不支持此类内容',
  'error.rateLimited': '请求过于频繁，请稍后再试',
  'error.captchaRequired': '请输入验证码',
  'error.captchaInvalid': '验证码错误',
  'error.accountLocked': '账号已被锁定，请稍后再试',
  'error.accountDisabled': '账号已被停用',
  'error.passwordResetRequired': '请重置密码',
  'error.server': '服务器异常',
  'error.unavailable': '服务正在重启，请稍后再试',
  'error.temporarilyUnavailable': '服务暂时不可用，请稍候几秒再试',
  'upload.typeNotAllowed': '只能上传 png、jpg、jpeg 格式的图片',
  'upload.tooLarge': '文件大小不能超过 {{limit}}',
  'upload.tooManyPixels': '图片尺寸过大（{{width}} × {{height}} 像素，最多 {{limit}} 百万像素）',
  'upload.fileMissing': '请选择要上传的文件',
  'upload.bucketInvalid': '存储桶名称只能包含小写字母、数字和连字符',
  'upload.corrupt': '无法读取该图片',
  ...authMessagesZhCN,
  'menu.notIntegrated': '该菜单项不是集成系统',
  'message.recipientsRequired': '请至少选择一个用户或角色',
  'message.notFound': '该消息不存在或不属于您',
  'message.sseTicketInvalid': '实时更新凭证无效或已使用',
  'message.linkNotAllowed': '链接只能指向本平台或已配置子系统的页面（http 或 https）',
  'profile.headImageInvalid': '头像必须是您本人上传的图片',
  'profile.usernameTaken': '该登录名已被使用',
  'profile.departmentMismatch': '所选部门不属于该单位',
  'profile.readOnlyFields': '只有管理员可以修改以下字段：{{fields}}',
  ...guideMessagesZhCN,
  'gis.geometry.invalid': '几何图形不是有效的 GeoJSON',
  'gis.geometry.outOfRange': '坐标须为经度 -180 至 180、纬度 -90 至 90（WGS-84）',
  'gis.geometry.tooManyVertices': '一个要素最多 5000 个顶点',
  'gis.geometry.tooFewPoints': '几何图形的点数太少',
  'gis.geometry.ringNotClosed': '多边形的环必须首尾闭合',
  'gis.geometry.selfIntersection': '多边形不能自相交',
  'gis.bbox.invalid': '范围参数无效',
  'gis.name.required': '请输入名称',
  'gis.tooManyProperties': '一个要素最多 50 个属性',
  'gis.tileUrl.invalid': '瓦片地址须包含 {x}、{y} 和 {z}',
  'gis.layerReadOnly': '此图层不可编辑',
};

export type Language = 'en' | 'zh-CN';
export const languages: readonly Language[] = ['zh-CN', 'en'];
export const defaultLanguage: Language = 'zh-CN';

export const contractMessages: Record<Language, Record<MessageKey, string>> = {
  en,
  'zh-CN': zhCN,
};

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

/** Renders a message in a language, filling `{{name}}` placeholders. */
export function formatMessage(
  language: Language,
  key: MessageKey,
  values: Record<string, string | number> = {},
): string {
  return contractMessages[language][key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
