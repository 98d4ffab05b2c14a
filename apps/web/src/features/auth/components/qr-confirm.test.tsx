import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setCityTimeZone } from '@/lib/date-time';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { okBody } from '@/testing/fixtures';
import { startTestServer } from '@/testing/start-test-server';
import { QrConfirm } from './qr-confirm';

startTestServer('zh-CN');
afterEach(() => setCityTimeZone(null));

describe('QrConfirm', () => {
  it('tells when the sign-in was asked for in the city time zone, in the one format', async () => {
    configureTestApi();
    testServer.use(
      http.post(`${API}/authorization-server/oauth/qrCode/scan`, () =>
        HttpResponse.json(
          okBody({
            status: 'scanned',
            appId: 'PC',
            browser: '',
            ipAddress: '10.1.2.3',
            requestedAt: '2026-11-29T00:35:00.000Z',
            expiresAt: '2026-11-29T00:37:00.000Z',
          }),
        ),
      ),
      // Outside the shell the page reads the zone itself (use-city-time-zone.ts).
      http.get(`${API}/organization/config`, ({ request }) =>
        HttpResponse.json(
          okBody(
            new URL(request.url).searchParams.get('key') === 'timeZone' ? 'Europe/Berlin' : null,
          ),
        ),
      ),
    );
    render(<QrConfirm ticket="t1" />);
    expect(await screen.findByText('2026-11-29 01:35')).toBeInTheDocument();
  });
});
