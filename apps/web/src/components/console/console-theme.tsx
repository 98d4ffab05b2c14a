import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/**
 * The console's colours, for every console screen whatever feature it lives in.
 * antd's link blue, error red and placeholder grey fall under the WCAG AA contrast
 * ratio on white (axe flags the row actions and the search bar's selects); the
 * console's screens use darker shades, as the guide's do (GuideTheme).
 */
const theme = {
  token: {
    colorError: '#c41d1d',
    colorErrorText: '#c41d1d',
    colorLink: '#0b4fb3',
    colorLinkHover: '#083b85',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  },
  components: {
    // 12 px beside each cell's text instead of 16: the user table's nine columns fit
    // the page at 1366x768 in English too, the actions column covering none (issue 31).
    Table: { cellPaddingInline: 12 },
  },
};

export function ConsoleTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
