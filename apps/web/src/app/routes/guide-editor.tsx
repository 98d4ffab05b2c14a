// The route module of paths.guide.editor; the page itself lives in its feature.
export { GuideEditorPage as Component } from '@/features/business-guide/components/guide-editor-page';
