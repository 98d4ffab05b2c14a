/**
 * A bridge to antd's message API (bound under <App> so toasts follow the theme
 * and locale), usable from code outside React such as the HTTP client.
 */
export interface ToastOptions {
  content: string;
  /** Seconds. */
  duration?: number;
  /** Toasts with the same key replace each other. */
  key?: string;
}

export interface ToastApi {
  error(options: ToastOptions): void;
  success(options: ToastOptions): void;
  warning(options: ToastOptions): void;
}

let bound: ToastApi | null = null;

export function bindToastApi(api: ToastApi | null): void {
  bound = api;
}

export const toast: ToastApi = {
  error: (options) => bound?.error(options),
  success: (options) => bound?.success(options),
  warning: (options) => bound?.warning(options),
};
