/**
 * The names of the API's operations (`operationId`), the method names of every
 * client generated from `/api/docs/json`. One table, reviewed like an interface:
 * renaming an entry renames a method in the subsystems' clients.
 *
 * A route missing here still gets a name from the rule of `operationIdOf`
 * (`openapi-document.ts`); add it here when that name reads badly. `errors` lists
 * the answers a route gives beyond those its declaration implies (sign-in,
 * input, limits, path parameters; see `errorAnswersOf`).
 */
export interface OperationEntry {
  id: string;
  errors?: readonly number[];
}

export const OPERATIONS: Readonly<Record<string, OperationEntry>> = {
  'GET /api/health': { id: 'getHealth' },

  'POST /api/authorization-server/oauth/pubKey': { id: 'getSignInKey' },
  'POST /api/authorization-server/oauth/token': { id: 'signIn', errors: [403, 423] },
  'POST /api/authorization-server/oauth/logout': { id: 'signOut' },
  'POST /api/authorization-server/oauth/verificationCode': { id: 'getCaptcha' },
  'POST /api/authorization-server/oauth/basic': { id: 'identifyWebClient' },

  'GET /api/organization/user': { id: 'getUser', errors: [404] },
  'GET /api/organization/config': { id: 'getPublicSetting', errors: [404] },
  'GET /api/organization/config/weather': { id: 'getWeather' },
  'GET /api/organization/customize_configuration/userSysModel': { id: 'getMenu' },
  'POST /api/organization/model': { id: 'listSystemModels' },
  'GET /api/organization/model/other_url': { id: 'getOwnWindowUrl', errors: [404] },

  'POST /api/file-go-fastdfs/file/upload': { id: 'uploadImage', errors: [413, 415] },
  'GET /api/file-go-fastdfs/files/{fileName}': { id: 'getFile' },

  'GET /api/organization/user/isPassword': { id: 'getPasswordStatus' },
  'POST /api/organization/user/ret': { id: 'changePassword' },
  'POST /api/message-sms/sms/kaptcha': { id: 'sendSmsCode' },
  'POST /api/message-sms/sms/pwb_kaptcha': { id: 'sendRecoveryCode' },
  'POST /api/organization/user/check_phone': { id: 'checkSmsCode' },
  'POST /api/organization/user/find_pwd': { id: 'resetPassword' },

  'POST /api/authorization-server/oauth/qrCode': { id: 'createQrTicket' },
  'POST /api/authorization-server/oauth/qrCode/status': {
    id: 'getQrTicketStatus',
    errors: [404],
  },
  'POST /api/authorization-server/oauth/qrCode/scan': { id: 'scanQrTicket', errors: [404, 409] },
  'POST /api/authorization-server/oauth/qrCode/confirm': {
    id: 'confirmQrTicket',
    errors: [404, 409],
  },

  'POST /api/message-sms/messageData/page': { id: 'listMessages' },
  'GET /api/message-sms/messageData/updateRead': { id: 'markMessageRead', errors: [404] },
  'GET /api/message-sms/messageData/upAllMsg': { id: 'markAllMessagesRead' },
  'POST /api/message-sms/messageData/send': { id: 'sendMessage' },
  'GET /api/message-sms/messageData/recipients': { id: 'listMessageRecipients' },
  'GET /api/message-sms/messageData/recipients/users': { id: 'findMessageRecipientUsers' },
  'POST /api/message-sms/messageData/sse-ticket': { id: 'createUnreadStreamTicket' },
  'GET /api/message-sms/messageData/stream': { id: 'streamUnreadCount' },

  'GET /api/organization/organ/cascade': { id: 'listUnits' },
  'GET /api/organization/organ/cascade/{orgId}': { id: 'listDepartments' },
  'PUT /api/organization/user/{id}': { id: 'updateUser', errors: [409] },
  'POST /api/organization/user/head': { id: 'setAvatar' },

  'GET /api/business-guide/categories': { id: 'listGuideCategories' },
  'POST /api/business-guide/categories': { id: 'createGuideCategory', errors: [409] },
  'PUT /api/business-guide/categories/{id}': { id: 'updateGuideCategory', errors: [409] },
  'DELETE /api/business-guide/categories/{id}': { id: 'deleteGuideCategory', errors: [409] },
  'GET /api/business-guide/articles': { id: 'searchGuideArticles' },
  'POST /api/business-guide/articles': { id: 'createGuideArticle' },
  'GET /api/business-guide/articles/{id}': { id: 'getGuideArticle' },
  'PUT /api/business-guide/articles/{id}': { id: 'updateGuideArticle', errors: [409] },
  'DELETE /api/business-guide/articles/{id}': { id: 'deleteGuideArticle', errors: [409] },
  'POST /api/business-guide/articles/{id}/publish': {
    id: 'publishGuideArticle',
    errors: [409],
  },
  'POST /api/business-guide/articles/{id}/withdraw': {
    id: 'withdrawGuideArticle',
    errors: [409],
  },

  'POST /api/base-data/baseGisGeometry/getGIS': { id: 'searchMapFeatures' },
  'POST /api/base-data/baseGisGeometry/layers': { id: 'listMapLayers' },
  'POST /api/base-data/baseGisGeometry/createLayer': { id: 'createMapLayer' },
  'POST /api/base-data/baseGisGeometry/create': { id: 'createMapFeature' },
  'POST /api/base-data/baseGisGeometry/update': {
    id: 'updateMapFeature',
    errors: [404, 409],
  },
  'POST /api/base-data/baseGisGeometry/delete': {
    id: 'deleteMapFeature',
    errors: [404, 409],
  },
  'POST /api/base-data/baseGisGeometry/mapSettings': { id: 'getMapSettings' },
  'POST /api/base-data/baseGisGeometry/saveMapSettings': { id: 'saveMapSettings' },

  'GET /api/system/users': { id: 'listAdminUsers' },
  'GET /api/system/users/options': { id: 'getUserFormOptions' },
  'POST /api/system/users': { id: 'createAdminUser', errors: [409] },
  'GET /api/system/users/{id}': { id: 'getAdminUser', errors: [404] },
  'PUT /api/system/users/{id}': { id: 'updateAdminUser', errors: [404, 409] },
  'PUT /api/system/users/{id}/status': { id: 'setAdminUserStatus', errors: [404, 409] },
  'POST /api/system/users/{id}/password-reset': { id: 'resetAdminUserPassword', errors: [404] },
  'POST /api/system/users/{id}/unlock': { id: 'unlockAdminUser', errors: [404, 409] },
  'GET /api/system/users/import-template': { id: 'getUserImportTemplate' },
  'POST /api/system/users/import': { id: 'importUsers', errors: [413, 415] },
  'GET /api/system/users/export': { id: 'exportUsers' },
  'GET /api/system/roles': { id: 'listRoles' },
  'POST /api/system/roles': { id: 'createRole', errors: [409] },
  'GET /api/system/roles/{id}': { id: 'getRole', errors: [404] },
  'PUT /api/system/roles/{id}': { id: 'updateRole', errors: [404, 409] },
  'DELETE /api/system/roles/{id}': { id: 'deleteRole', errors: [404, 409] },
  'GET /api/system/roles/{id}/users': { id: 'listRoleHolders' },
  'GET /api/system/permissions': { id: 'listGrantableEntries' },
  'GET /api/system/units': { id: 'listUnitTree' },
  'GET /api/system/units/level': { id: 'listUnitLevel', errors: [404] },
  'GET /api/system/units/search': { id: 'searchUnits' },
  'POST /api/system/units': { id: 'createUnit', errors: [404] },
  'PUT /api/system/units/{id}': { id: 'updateUnit', errors: [404, 409] },
  'DELETE /api/system/units/{id}': { id: 'deleteUnit', errors: [404, 409] },
  'POST /api/system/departments': { id: 'createDepartment', errors: [404] },
  'GET /api/system/departments/{id}': { id: 'getDepartment', errors: [404] },
  'PUT /api/system/departments/{id}': { id: 'updateDepartment', errors: [404, 409] },
  'DELETE /api/system/departments/{id}': { id: 'deleteDepartment', errors: [404, 409] },
  'GET /api/system/menus': { id: 'listMenuEntries' },
  'POST /api/system/menus': { id: 'createMenuEntry', errors: [409] },
  'PUT /api/system/menus/{id}': { id: 'updateMenuEntry', errors: [404, 409] },
  'DELETE /api/system/menus/{id}': { id: 'deleteMenuEntry', errors: [404, 409] },
  'GET /api/system/subsystems': { id: 'listSubsystems' },
  'POST /api/system/subsystems': { id: 'registerSubsystem', errors: [409] },
  'PUT /api/system/subsystems/{id}': { id: 'updateSubsystem', errors: [404, 409] },
  'POST /api/system/subsystems/{id}/secret': { id: 'issueSubsystemSecret', errors: [404, 409] },
  'DELETE /api/system/subsystems/{id}': { id: 'deleteSubsystem', errors: [404, 409] },
  'GET /api/system/audit': { id: 'listAuditRecords' },
  'GET /api/system/audit/{seq}': { id: 'getAuditRecord', errors: [404] },
  'GET /api/system/audit/export': { id: 'exportAuditRecords' },
  'GET /api/system/audit/verification': { id: 'verifyAuditChain' },
  'DELETE /api/system/users/{id}/second-factor': { id: 'resetSecondFactor', errors: [404, 409] },
  'POST /api/authorization-server/oauth/second-factor': {
    id: 'signInSecondStep',
    errors: [403, 423],
  },
  'GET /api/organization/user/second-factor': { id: 'getSecondFactor' },
  'POST /api/organization/user/second-factor/enrolment': {
    id: 'startSecondFactorEnrolment',
    errors: [409],
  },
  'PUT /api/organization/user/second-factor/enrolment': {
    id: 'confirmSecondFactorEnrolment',
    errors: [409],
  },
  'POST /api/organization/user/second-factor/removal': { id: 'removeSecondFactor', errors: [409] },
  'GET /api/system/sessions': { id: 'listLiveSessions' },
  'DELETE /api/system/sessions/{id}': { id: 'endSession', errors: [404] },
  'DELETE /api/system/users/{id}/sessions': { id: 'endUserSessions', errors: [404] },
  'GET /api/organization/user/sessions': { id: 'listOwnSessions' },
  'DELETE /api/organization/user/sessions/{id}': { id: 'endOwnSession', errors: [404, 409] },
};
