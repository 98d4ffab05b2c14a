import type { Weather } from '@cityops/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n';
import { weatherKeys } from '../api/query-keys';
import { WeatherBadge } from './weather-badge';

/** The demo city's weather, as the server seeds it. */
const weather: Weather = {
  city: '江城',
  cityEn: 'Jiangcheng',
  text: '多云',
  textEn: 'Cloudy',
  temperature: 18,
  icon: 'cloudy',
  updatedAt: '2026-11-28T08:00:00Z',
};

function renderBadge(compact = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(weatherKeys.current(), weather);
  return render(
    <QueryClientProvider client={client}>
      <WeatherBadge compact={compact} />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n('zh-CN');
});

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

// The header's weather in both languages: words only, so checked here rather than in the
// browser suite (e2e/tests/shell.spec.ts keeps the narrow header's weather, a layout).
describe('WeatherBadge', () => {
  it('names the city, the sky and the temperature in Chinese', async () => {
    renderBadge();
    expect(
      await screen.findByRole('status', { name: /江城天气：多云，18 °C/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('江城')).toBeInTheDocument();
    expect(screen.getByText('多云')).toBeInTheDocument();
  });

  it('names them in English', async () => {
    await i18n.changeLanguage('en');
    renderBadge();
    expect(
      await screen.findByRole('status', { name: /Weather in Jiangcheng: Cloudy, 18 °C/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Jiangcheng')).toBeInTheDocument();
    expect(screen.getByText('Cloudy')).toBeInTheDocument();
  });

  it('leaves the city out of the compact badge but keeps it in the name', async () => {
    renderBadge(true);
    expect(
      await screen.findByRole('status', { name: /江城天气：多云，18 °C/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText('江城')).toBeNull();
  });
});
