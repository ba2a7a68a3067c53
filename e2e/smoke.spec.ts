import { expect, signIn, test } from './fixtures';

test('the server is up', async ({ request }) => {
  const res = await request.get('/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok' });
});

test('/ serves the console page', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  const html = await res.text();
  expect(html).toContain('<div id="root"');
  expect(html).toMatch(/<script[^>]+type="module"/);
});

test('the login screen shows its form', async ({ page }) => {
  await page.goto('/#/login');
  for (const id of ['login-username', 'login-password', 'login-submit']) await expect(page.getByTestId(id)).toBeVisible();
  // Signing in lands in the console layout, the fourth test id.
  await signIn(page, 'admin');
});
