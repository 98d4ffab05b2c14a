import { message } from 'antd';
import { useEffect } from 'react';
import { bindToastApi } from '@/lib/toast';

/** Hands antd's message API (which follows theme and locale) to code outside React. */
export function ToastBinder() {
  const [api, contextHolder] = message.useMessage();
  useEffect(() => {
    bindToastApi({
      error: (options) => api.error(options),
      success: (options) => api.success(options),
      warning: (options) => api.warning(options),
    });
    return () => bindToastApi(null);
  }, [api]);
  return contextHolder;
}
