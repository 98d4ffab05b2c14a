import type { Envelope } from '@cityops/contract';
import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { type HttpHooks, createHttpClient } from './http-client';

let client: AxiosInstance | null = null;

/** Called once at start-up with the application's hooks. */
export function configureApi(hooks: HttpHooks): AxiosInstance {
  client = createHttpClient(hooks);
  return client;
}

function http(): AxiosInstance {
  if (!client) throw new Error('configureApi() has not run');
  return client;
}

/** Payload fields the client understands besides the data (spec section 7). */
export interface ControlFields {
  baseApi?: string;
  basic?: boolean;
}

type Payload = Record<string, unknown> & ControlFields;

/** The calls return the envelope's `data`; failures reject with an ApiError. */
export const api = {
  async get<T>(url: string, params?: Payload, config?: AxiosRequestConfig): Promise<T> {
    const response = await http().get<Envelope<T>>(url, {
      ...config,
      params: params && { ...params },
    });
    return response.data.data;
  },
  /** Form-urlencoded by default; a FormData payload goes as multipart. */
  async post<T>(url: string, data?: Payload | FormData, config?: AxiosRequestConfig): Promise<T> {
    const body = data instanceof FormData ? data : data && { ...data };
    const response = await http().post<Envelope<T>>(url, body, config);
    return response.data.data;
  },
  async put<T>(url: string, data?: Payload, config?: AxiosRequestConfig): Promise<T> {
    const response = await http().put<Envelope<T>>(url, data && { ...data }, config);
    return response.data.data;
  },
  async delete<T>(url: string, params?: Payload, config?: AxiosRequestConfig): Promise<T> {
    const response = await http().delete<Envelope<T>>(url, {
      ...config,
      params: params && { ...params },
    });
    return response.data.data;
  },
};
