/** Addresses of the guide's screens; the embed flag lives in the app state, not the address. */
export const guidePaths = {
  table: '/business_guide/table',
  details: (id: number) => `/business_guide/details?id=${id}`,
  edit: (id?: number) => `/business_guide/government_edit${id ? `?id=${id}` : ''}`,
  editor: (id: number) => `/business_guide/guideEditer?id=${id}`,
};
