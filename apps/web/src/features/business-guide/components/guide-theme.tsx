import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/**
 * antd's error red and link blues fall under the WCAG AA contrast ratio on white; the
 * guide's screens use darker shades. The primary button's hover blue comes from the
 * app's theme (app/provider.tsx), which this one inherits.
 */
const theme = {
  token: {
    colorError: '#c41d1d',
    colorErrorText: '#c41d1d',
    colorLink: '#0b4fb3',
    colorLinkHover: '#083b85',
  },
};

export function GuideTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
