import type { AxiosRequestConfig } from 'axios';

/** The map calls carry nested GeoJSON, so they go as JSON, not as a form. */
export const asJson: AxiosRequestConfig = { headers: { 'Content-Type': 'application/json' } };
