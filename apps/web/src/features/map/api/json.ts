import type { RequestOptions } from '@/lib/http/http-client';

/** The map calls carry nested GeoJSON, so they go as JSON, not as a form. */
export const asJson: RequestOptions = { headers: { 'Content-Type': 'application/json' } };
