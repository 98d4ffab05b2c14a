import { links, paths } from '@/lib/paths';

/** Addresses of the guide's screens; the embed flag lives in the app state, not the address. */
export const guidePaths = {
  table: paths.guide.table,
  details: links.guideDetails,
  edit: links.guideEdit,
  editor: links.guideEditor,
};
