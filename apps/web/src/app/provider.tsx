import { LoadingOutlined } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
// The ES modules, not `antd/locale/*` (CommonJS): these share antd's built-in en_US
// instead of bundling a second copy (docs/performance.md).
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
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
    // antd derives a lighter hover (#3c8ae8, 3.5:1 under white text) and active blue;
    // darker shades keep a primary button's label at 4.5:1 or more while pointed at.
    colorPrimaryHover: '#0e4fb0',
    colorPrimaryActive: '#0b3f8f',
    borderRadius: 6,
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
    // antd's default error red (#ff4d4f) is 3.3:1 on white; validation messages need 4.5:1.
    colorError: '#cf1322',
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
      button={{
        // A space inside two-character Chinese labels ("登 录") would also be read out.
        autoInsertSpace: false,
        // A spinner of our own skips antd's animated one, whose leave motion can miss
        // its transitionend when loading ends within a frame or two (a quick refusal
        // on a busy machine) and stay in the button, which then reads "loading".
        loadingIcon: <LoadingOutlined />,
      }}
    >
      <ToastBinder />
      {children}
    </ConfigProvider>
  );
}
