import { authMessagesEn, authMessagesZhCN } from './auth-messages.js';
import { guideMessagesEn, guideMessagesZhCN } from './business-guide-messages.js';
import type { systemMessagesEn } from './system-messages.js';

/**
 * Texts that both the server and the web app show: the forms' validation
 * messages and the messages of the error codes. The web app merges them into its
 * i18next resources; the server answers in the caller's language.
 */
const en = {
  'validation.username.required': 'Username cannot be empty!',
  'validation.name.required': 'Name cannot be empty!',
  'validation.mobile.required': 'Please enter mobile number',
  'validation.mobile.invalid': 'Please enter correct mobile number',
  'validation.unit.required': 'Unit cannot be empty!',
  'validation.department.required': 'Department cannot be empty!',
  'validation.password.required': 'Please enter password',
  'validation.oldPassword.required': 'Please enter old password',
  'validation.newPassword.required': 'Please enter new password',
  'validation.newPassword.policy':
    'Password needs 8-18 characters, must contain upper and lower case letters, digits, special characters!',
  'validation.newPassword.policyLength':
    'Password needs {{min}}-{{max}} characters, must contain upper and lower case letters, digits, special characters!',
  'validation.newPassword.containsLoginName': 'The password must not contain the login name',
  'validation.confirmPassword.required': 'Please confirm password again',
  'validation.confirmPassword.mismatch': 'The two passwords do not match',
  'validation.password.mismatchOnSubmit': 'Two passwords do not match',
  'validation.required': 'This field is required',
  'validation.invalid': 'This value is not valid',
  'validation.tooLong': 'This value is too long',
  'validation.controlCharacter': 'This value contains control characters that are not allowed',
  'validation.pageTooFar': 'The page number is too large',
  'error.tokenInvalid': 'Invalid token, please log in again!',
  'error.sessionGone': 'Please log in again',
  'error.badRequest': 'The request is not valid',
  'error.validation': 'Please check the field: {{fields}}',
  'error.badCredentials': 'Incorrect username or password',
  'error.forbidden': 'You do not have permission to do this',
  'error.notFound': 'Not found',
  'error.conflict': 'Someone else changed this in the meantime, please reload',
  'error.payloadTooLarge': 'The content is too large',
  'error.unsupportedMedia': 'This kind of content is not accepted',
  'error.rateLimited': 'Too many requests, please try again later',
  'error.captchaRequired': 'Please enter the verification code',
  'error.captchaInvalid': 'The verification code is wrong',
  'error.accountLocked': 'This account is locked, please try again later',
  'error.accountDisabled': 'This account is disabled',
  'error.passwordResetRequired': 'Please reset password',
  'error.secondFactorRequired': 'Enter the code from your authenticator app',
  'error.secondFactorInvalid':
    'The code is wrong or has been used; sign in again if it keeps failing',
  'error.secondFactorEnrolmentRequired':
    'Your role requires two-step verification: set it up before anything else',
  'secondFactor.notEnrolled': 'No second factor is set up for this account',
  'secondFactor.alreadyEnrolled': 'A second factor is already set up; remove it first',
  'secondFactor.noEnrolment': 'Start the set-up again: the QR code has expired',
  'secondFactor.required': 'Your role requires a second factor; it cannot be removed',
  'error.server': 'Server exception',
  'error.unavailable': 'The service is restarting, please try again in a moment',
  'error.temporarilyUnavailable':
    'The service is temporarily unavailable, please try again in a few seconds',
  'upload.typeNotAllowed': 'Only png, jpg and jpeg images can be uploaded',
  'upload.tooLarge': 'The file is larger than {{limit}}',
  'upload.tooManyPixels':
    'The image is too large ({{width}} x {{height}} pixels; at most {{limit}} megapixels)',
  'upload.fileMissing': 'Choose a file to upload',
  'upload.bucketInvalid': 'The bucket name may use lower-case letters, digits and hyphens',
  'upload.corrupt': 'The image cannot be read',
  ...authMessagesEn,
  'menu.notIntegrated': 'This menu entry is not an integrated system',
  'message.recipientsRequired': 'Choose at least one user, unit or role',
  'message.alreadyWithdrawn': 'This message has already been withdrawn',
  'message.allRead': 'Every recipient has read this message: there is nothing to withdraw',
  'message.notFound': 'This message does not exist or is not yours',
  'message.sseTicketInvalid': 'The live-update ticket is invalid or used',
  'message.linkNotAllowed':
    'The link must be a page of this platform or of a configured subsystem (http or https)',
  'profile.headImageInvalid': 'The avatar must be an image uploaded by you',
  'profile.usernameTaken': 'This login name is already used',
  'profile.departmentMismatch': 'The department does not belong to the unit',
  'profile.readOnlyFields':
    'Only the avatar is changed here; an administrator changes the login name, name, mobile number, unit and department in System administration → Users',
  'profile.ownOnly':
    'Personal information is changed by its owner; an administrator changes accounts in System administration → Users',
  ...guideMessagesEn,
  'gis.geometry.invalid': 'The geometry is not valid GeoJSON',
  'gis.geometry.outOfRange':
    'Coordinates must be longitude -180 to 180 and latitude -90 to 90 (WGS-84)',
  'gis.geometry.tooManyVertices': 'A feature may have at most 5000 vertices',
  'gis.geometry.tooFewPoints': 'The geometry has too few points',
  'gis.geometry.ringNotClosed': 'A polygon ring must end where it starts',
  'gis.geometry.selfIntersection': 'A polygon must not cross itself',
  'gis.bbox.invalid': 'The bounding box is not valid',
  'gis.name.required': 'Please enter a name',
  'gis.tooManyProperties': 'A feature may have at most 50 properties',
  'gis.tileUrl.invalid': 'The tile address needs {x}, {y} and {z}',
  'gis.layerReadOnly': 'This layer cannot be edited',
} as const;

/** The messages every screen may show, from the login page on (the web app's first bundle). */
type CoreMessageKey = keyof typeof en;
/** Every message: the core ones and the administration console's (system-messages.ts). */
export type MessageKey = CoreMessageKey | keyof typeof systemMessagesEn;

const zhCN: Record<CoreMessageKey, string> = {
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
  'validation.newPassword.policyLength':
    '密码需为{{min}}-{{max}}位，必须包含大小写字母、数字和特殊字符！',
  'validation.newPassword.containsLoginName': '密码不能包含登录账号',
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
  'error.secondFactorRequired': '请输入身份验证器中的动态验证码',
  'error.secondFactorInvalid': '验证码错误或已使用，如多次失败请重新登录',
  'error.secondFactorEnrolmentRequired': '您的角色要求启用双因素认证，请先完成设置',
  'secondFactor.notEnrolled': '该账号尚未绑定双因素认证',
  'secondFactor.alreadyEnrolled': '已绑定双因素认证，如需更换请先解除',
  'secondFactor.noEnrolment': '二维码已过期，请重新开始绑定',
  'secondFactor.required': '您的角色要求启用双因素认证，不能解除',
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
  'message.recipientsRequired': '请至少选择一个用户、单位或角色',
  'message.alreadyWithdrawn': '该消息已撤回',
  'message.allRead': '所有接收人均已阅读该消息，无可撤回',
  'message.notFound': '该消息不存在或不属于您',
  'message.sseTicketInvalid': '实时更新凭证无效或已使用',
  'message.linkNotAllowed': '链接只能指向本平台或已配置子系统的页面（http 或 https）',
  'profile.headImageInvalid': '头像必须是您本人上传的图片',
  'profile.usernameTaken': '该登录名已被使用',
  'profile.departmentMismatch': '所选部门不属于该单位',
  'profile.readOnlyFields':
    '此处只能更换头像；登录名、姓名、手机号码、单位和部门由管理员在“系统管理 → 用户管理”中修改',
  'profile.ownOnly': '个人信息只能由本人修改；管理员请在“系统管理 → 用户管理”中修改账号',
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

/**
 * The core messages, without the console's: what the web app loads with the login
 * page. The console's (system-messages.ts) load with its screens (docs/performance.md).
 */
export const coreMessages: Record<Language, Record<CoreMessageKey, string>> = {
  en,
  'zh-CN': zhCN,
};
