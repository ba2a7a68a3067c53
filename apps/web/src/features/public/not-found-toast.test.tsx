import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { renderWithProviders, testI18n } from '../../components/test-utils';
import { openClient } from '../../lib/http/clients';
import type { TransportRequest } from '../../lib/http/transport';
import { setNotifier } from '../../lib/notify';
import common from '../../locales/en-US/common.json';
import english from '../../locales/en-US/public.json';
import { publicPageOf } from './pages';
import { PublicContent } from './public-content';

// The real `/open` client, answered at its transport: the toast is the client's doing, so a fake
// of the clients could not show whether one appears.
const toasts: string[] = [];
const seen: string[] = [];
const answerEvery = (code: number) => {
  openClient.transport = async (request: TransportRequest) => {
    seen.push(new URL(request.url, 'http://console.test').pathname);
    return { status: 200, headers: new Headers(), body: { code, msg: '', egMsg: `answered ${code}`, data: null } };
  };
};

const open = (path: string) => {
  const i18n = testI18n(common);
  i18n.addResourceBundle('en-US', 'public', english);
  return renderWithProviders(<PublicContent page={publicPageOf(path)!} />, { i18n, route: path });
};

beforeEach(() => {
  toasts.length = 0;
  seen.length = 0;
  setNotifier({ error: (text) => toasts.push(text), success: () => undefined });
});

describe('a public page over the real /open client', () => {
  test('an item the server does not know shows the page’s "not found", with no error toast over it', async () => {
    answerEvery(404);
    open('/help-center/question/3/99');
    expect(await screen.findByTestId('public-not-found')).toBeTruthy();
    expect(seen.length).toBeGreaterThan(0);
    expect(toasts).toEqual([]);
  });

  test('any other failure still shows the toast, beside the page’s own failed state', async () => {
    answerEvery(500);
    open('/help-center/question/3/99');
    expect(await screen.findByTestId('public-failed')).toBeTruthy();
    expect(toasts.length).toBeGreaterThan(0);
    expect(toasts.every((text) => text === 'answered 500')).toBe(true);
  });
});
