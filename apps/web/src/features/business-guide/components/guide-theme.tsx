import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/**
 * antd's error red and the hover blue of primary buttons fall under the WCAG AA
 * contrast ratio on white; the guide's screens use darker shades.
 */
const theme = {
  token: {
    colorError: '#c41d1d',
    colorErrorText: '#c41d1d',
    colorPrimaryHover: '#0e4fb0',
    colorLink: '#0b4fb3',
    colorLinkHover: '#083b85',
  },
};

export function GuideTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
