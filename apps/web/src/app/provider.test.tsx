import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { GuideTheme } from '@/features/business-guide/components/guide-theme';
import { AppProvider } from './provider';

/** WCAG 2 contrast ratio of an opaque `#rrggbb` colour against white. */
function contrastOnWhite(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

function Tokens() {
  const { token } = theme.useToken();
  return (
    <dl>
      <dt>primary</dt>
      <dd data-testid="colorPrimary">{token.colorPrimary}</dd>
      <dt>hover</dt>
      <dd data-testid="colorPrimaryHover">{token.colorPrimaryHover}</dd>
      <dt>active</dt>
      <dd data-testid="colorPrimaryActive">{token.colorPrimaryActive}</dd>
      <dt>link</dt>
      <dd data-testid="colorLink">{token.colorLink}</dd>
      <dt>link hover</dt>
      <dd data-testid="colorLinkHover">{token.colorLinkHover}</dd>
      <dt>error</dt>
      <dd data-testid="colorErrorText">{token.colorErrorText}</dd>
      <dt>motion</dt>
      <dd data-testid="motion">{String(token.motion)}</dd>
    </dl>
  );
}

describe('the business guide theme', () => {
  it('inherits the app theme primary blues, white text on each at 4.5:1 or more', () => {
    render(
      <AppProvider>
        <GuideTheme>
          <Tokens />
        </GuideTheme>
      </AppProvider>,
    );
    for (const name of [
      'colorPrimary',
      'colorPrimaryHover',
      'colorPrimaryActive',
      'colorLink',
      'colorLinkHover',
      'colorErrorText',
    ]) {
      const colour = screen.getByTestId(name).textContent ?? '';
      expect(colour, name).toMatch(/^#[0-9a-f]{6}$/i);
      expect(contrastOnWhite(colour), `${name} ${colour}`).toBeGreaterThanOrEqual(4.5);
    }
    // The hover blue is the app's (app/provider.tsx), not a copy of it.
    expect(screen.getByTestId('colorPrimaryHover')).toHaveTextContent('#0e4fb0');
  });
});

describe('motion', () => {
  /** A system setting for reduced motion, as `matchMedia` reports it. */
  function prefersReducedMotion(reduce: boolean) {
    const media = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...media(query),
      matches: query === '(prefers-reduced-motion: reduce)' ? reduce : media(query).matches,
    }));
  }

  it('keeps antd’s animations by default', () => {
    prefersReducedMotion(false);
    render(
      <AppProvider>
        <Tokens />
      </AppProvider>,
    );
    expect(screen.getByTestId('motion')).toHaveTextContent('true');
  });

  it('turns them off for a person who asks their system for less motion', () => {
    prefersReducedMotion(true);
    render(
      <AppProvider>
        <Tokens />
      </AppProvider>,
    );
    expect(screen.getByTestId('motion')).toHaveTextContent('false');
  });
});
