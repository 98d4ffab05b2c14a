import type { ThemeConfig } from 'antd';
import { uiScale } from '@/lib/root-font-size';

/**
 * antd's theme. The colours: antd's default secondary and description greys fall
 * under the WCAG AA contrast ratio on white; these are darkened to pass it. The sizes
 * follow the root font (lib/root-font-size.ts): at 3840 px text, controls, spacing and
 * corners are twice antd's, so the interface reads the same on the big screens the
 * spec sizes for (1360-5760 px). `motion` false turns antd's animations off.
 */
export function appTheme(rootFont: number, motion = true): ThemeConfig {
  const scale = uiScale(rootFont);
  const size = (px: number) => Math.round(px * scale);
  return {
    token: {
      // Off for a person who asks for less motion (lib/use-reduced-motion.ts): menus,
      // dialogs and messages then appear at once, in place.
      motion,
      colorPrimary: '#1668dc',
      // antd derives a lighter hover (#3c8ae8, 3.5:1 under white text) and active blue;
      // darker shades keep a primary button's label at 4.5:1 or more while pointed at.
      colorPrimaryHover: '#0e4fb0',
      colorPrimaryActive: '#0b3f8f',
      colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
      colorTextDescription: 'rgba(0, 0, 0, 0.62)',
      colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
      // antd's default error red (#ff4d4f) is 3.3:1 on white; validation messages need 4.5:1.
      colorError: '#cf1322',
      // antd's seed sizes (14, 32, 4, 4, 6); the control heights, paddings and margins
      // of every component derive from these.
      fontSize: size(14),
      controlHeight: size(32),
      sizeUnit: size(4),
      sizeStep: size(4),
      borderRadius: size(6),
      // antd derives its other font sizes and their line heights on a curve, not in
      // proportion (a large button's 16 px would become 34 px, not 32, at 2x): its
      // defaults at 14 px, scaled, with the default line heights' ratios.
      fontSizeSM: size(12),
      fontSizeLG: size(16),
      fontSizeXL: size(20),
      fontSizeIcon: size(12),
      fontSizeHeading1: size(38),
      fontSizeHeading2: size(30),
      fontSizeHeading3: size(24),
      fontSizeHeading4: size(20),
      fontSizeHeading5: size(16),
      lineHeight: 22 / 14,
      lineHeightSM: 20 / 12,
      lineHeightLG: 24 / 16,
      lineHeightHeading1: 46 / 38,
      lineHeightHeading2: 38 / 30,
      lineHeightHeading3: 32 / 24,
      lineHeightHeading4: 28 / 20,
      lineHeightHeading5: 24 / 16,
    },
  };
}
