import { LoadingOutlined } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
// The ES modules, not `antd/locale/*` (CommonJS): these share antd's built-in en_US
// instead of bundling a second copy (docs/performance.md).
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useMemo } from 'react';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import { useAppStore } from '@/stores/app-store';
import { appTheme } from './theme';
import { ToastBinder } from './toast-binder';

const antdLocales = { en: enUS, 'zh-CN': zhCN } as const;
const componentSizes = { large: 'large', medium: 'middle', small: 'small' } as const;

/**
 * antd's locale follows the active language; its component size follows the size
 * setting; its sizes follow the root font (app/theme.ts); its animations are off for a
 * person who asks their system for less motion.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const language = useAppStore((state) => state.language);
  const size = useAppStore((state) => state.size);
  const rootFont = useAppStore((state) => state.rootFontSize);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => appTheme(rootFont, !reducedMotion), [rootFont, reducedMotion]);
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
