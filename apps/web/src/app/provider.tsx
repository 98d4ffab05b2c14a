import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useAppStore } from '@/stores/app-store';
import { ToastBinder } from './toast-binder';

const antdLocales = { en: enUS, 'zh-CN': zhCN } as const;
/**
 * antd's default secondary and description greys fall under the WCAG AA contrast
 * ratio on white; these are darkened to pass it.
 */
const theme = {
  token: {
    colorPrimary: '#1668dc',
    borderRadius: 6,
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
  },
};
const componentSizes = { large: 'large', medium: 'middle', small: 'small' } as const;

/** antd's locale follows the active language; its component size follows the size setting. */
export function AppProvider({ children }: { children: ReactNode }) {
  const language = useAppStore((state) => state.language);
  const size = useAppStore((state) => state.size);
  return (
    <ConfigProvider
      locale={antdLocales[language]}
      componentSize={componentSizes[size]}
      theme={theme}
      // A space inside two-character Chinese labels ("登 录") would also be read out.
      button={{ autoInsertSpace: false }}
    >
      <ToastBinder />
      {children}
    </ConfigProvider>
  );
}
