import { screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { renderWithProviders, testI18n } from '../../components/test-utils';
import { setPlatformInfo } from '../../lib/brands';
import { local } from '../../lib/storage';
import englishCommon from '../../locales/en-US/common.json';
import { LoginPage } from './login-page';

vi.mock('./sign-in-panel', () => ({ SignInPanel: () => null }));

afterEach(() => {
  setPlatformInfo(undefined);
  localStorage.clear();
});

const open = () => {
  const i18n = testI18n(englishCommon);
  // The sign-in screens read `common`, the console's default namespace.
  i18n.setDefaultNamespace('common');
  return renderWithProviders(<LoginPage />, { i18n });
};

test('the sign-in screen is named after the platform settings and shows their default brand', () => {
  setPlatformInfo({ platformName: 'Acme Light Cloud', defaultBrand: 'nordlicht' });
  const { container } = open();
  expect(screen.getByTestId('brand-name').textContent).toBe('Acme Light Cloud');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Acme Light Cloud');
  expect(document.title).toBe('Sign in · Acme Light Cloud');
  expect(container.querySelector('.login-screen')?.classList.contains('brand-nordlicht')).toBe(true);
});

test('a brand the visitor chose keeps its own name beside the platform’s', () => {
  local.set('brand', 'lumen');
  setPlatformInfo({ platformName: 'Acme Light Cloud', defaultBrand: 'nordlicht' });
  open();
  expect(screen.getByTestId('brand-name').textContent).toBe('Lumen Retail');
});

test('without platform settings (no answer) the built-in brand and name apply', () => {
  open();
  expect(screen.getByTestId('brand-name').textContent).toBe('Lightdesk');
});
