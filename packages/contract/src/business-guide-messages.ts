/** The business guide's server messages; merged into `contractMessages`. */
export const guideMessagesEn = {
  'guide.conflict':
    'This article was changed by {{name}} at {{time}} (version {{current}}); your copy is version {{yours}}. Reload it and apply your changes again.',
  'guide.withdrawFirst': 'A published article must be withdrawn before it is deleted',
  'guide.alreadyPublished': 'This article is already published',
  'guide.notPublished': 'Only a published article can be withdrawn',
  'guide.categoryMissing': 'The category does not exist',
  'guide.categoryInUse': 'The category still has {{count}} articles and cannot be deleted',
  'guide.categoryCodeTaken': 'A category with this code already exists',
  'guide.bodyTooLong': 'The article body is too long',
  'guide.coverInvalid': 'The cover must be an uploaded image',
  'validation.guide.titleRequired': 'Please enter the title',
  'validation.guide.categoryRequired': 'Please choose a category',
  'validation.guide.dateInvalid': 'Please enter a date as YYYY-MM-DD',
} as const;

type GuideMessageKey = keyof typeof guideMessagesEn;

export const guideMessagesZhCN: Record<GuideMessageKey, string> = {
  'guide.conflict':
    '该文章已于 {{time}} 被 {{name}} 修改（当前版本 {{current}}），您编辑的是版本 {{yours}}。请重新加载后再修改。',
  'guide.withdrawFirst': '已发布的文章需先撤回才能删除',
  'guide.alreadyPublished': '该文章已发布',
  'guide.notPublished': '只有已发布的文章才能撤回',
  'guide.categoryMissing': '该分类不存在',
  'guide.categoryInUse': '该分类下还有 {{count}} 篇文章，无法删除',
  'guide.categoryCodeTaken': '已存在相同编码的分类',
  'guide.bodyTooLong': '正文内容过长',
  'guide.coverInvalid': '封面必须是已上传的图片',
  'validation.guide.titleRequired': '请输入标题',
  'validation.guide.categoryRequired': '请选择分类',
  'validation.guide.dateInvalid': '请按 YYYY-MM-DD 格式输入日期',
};
