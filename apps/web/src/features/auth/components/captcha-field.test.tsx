import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { okBody } from '@/testing/fixtures';
import { startTestServer } from '@/testing/start-test-server';
import { CaptchaField } from './captcha-field';

startTestServer('en');
beforeEach(() => {
  configureTestApi();
});

// The smallest PNG: what the server sends is a raster image, never markup.
const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('CaptchaField', () => {
  it('shows the PNG captcha with a text alternative that says what to do, and asks for another', async () => {
    let served = 0;
    testServer.use(
      http.post(`${API}/authorization-server/oauth/verificationCode`, () => {
        served += 1;
        return HttpResponse.json(okBody({ captchaId: `id-${served}`, image: png, expiresIn: 120 }));
      }),
    );
    const onChange = vi.fn();
    render(<CaptchaField round={0} value="" onChange={onChange} />);

    const image = await screen.findByRole('img', {
      name: 'Verification code: an image of 5 digits to type in the field; if you cannot read it, show another',
    });
    expect(image).toHaveAttribute('src', png);
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith('', 'id-1');

    await userEvent.click(screen.getByRole('button', { name: 'Show another verification code' }));
    await vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith('', 'id-2'));
  });
});
