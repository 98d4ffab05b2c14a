/** Every query key of the map; queries take theirs from here, saves invalidate by them. */
export const gisKeys = {
  all: ['gis'] as const,
  search: (keyword: string) => [...gisKeys.all, 'search', keyword] as const,
  layers: () => [...gisKeys.all, 'layers'] as const,
  settings: () => [...gisKeys.all, 'settings'] as const,
};
