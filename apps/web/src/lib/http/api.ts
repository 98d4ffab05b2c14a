import type { Envelope } from '@cityops/contract';
import {
  type HttpClient,
  type HttpHooks,
  type RequestOptions,
  createHttpClient,
} from './http-client';

let client: HttpClient | null = null;

/** Called once at start-up with the application's hooks. */
export function configureApi(hooks: HttpHooks): HttpClient {
  client = createHttpClient(hooks);
  return client;
}

/** The app is about to sign out of this session itself (HttpClient.expectSignOut). */
export function expectSignOut(): void {
  http().expectSignOut();
}

function http(): HttpClient {
  if (!client) throw new Error('configureApi() has not run');
  return client;
}

/** Payload fields the client understands besides the data: another base address, the client's own credentials. */
export interface ControlFields {
  baseApi?: string;
  basic?: boolean;
}

type Payload = Record<string, unknown> & ControlFields;

/** The calls return the envelope's `data`; failures reject with an ApiError. */
export const api = {
  async get<T>(url: string, params?: Payload, options?: RequestOptions): Promise<T> {
    const response = await http().get<Envelope<T>>(url, { ...options, params });
    return response.data.data;
  },
  /** Form-urlencoded by default; a FormData payload goes as multipart. */
  async post<T>(url: string, data?: Payload | FormData, options?: RequestOptions): Promise<T> {
    const response = await http().post<Envelope<T>>(url, data, options);
    return response.data.data;
  },
  /** JSON by default. */
  async put<T>(url: string, data?: Payload, options?: RequestOptions): Promise<T> {
    const response = await http().put<Envelope<T>>(url, data, options);
    return response.data.data;
  },
  /** A file answer (a spreadsheet), fetched with the token like any call. */
  async download(url: string, params?: Payload, options?: RequestOptions): Promise<Blob> {
    const response = await http().get<Blob>(url, { ...options, params, responseType: 'blob' });
    return response.data;
  },
  async delete<T>(url: string, params?: Payload, options?: RequestOptions): Promise<T> {
    const response = await http().delete<Envelope<T>>(url, { ...options, params });
    return response.data.data;
  },
};
