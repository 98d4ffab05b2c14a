/** The product's image viewer defaults (zoom, toolbar, title), under viewer.js's option names. */
export const VIEWER_DEFAULTS = {
  /** Slideshow interval, ms. */
  interval: 5000,
  /** Zoom step. */
  zoomRatio: 0.1,
  minZoomRatio: 0.01,
  maxZoomRatio: 100,
  /** Share of the viewport an image covers when it opens. */
  initialCoverage: 0.9,
  zIndex: 2015,
} as const;
