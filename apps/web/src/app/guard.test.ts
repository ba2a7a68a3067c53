import { describe, expect, test } from 'vitest';
import { decideAccess, isPublicPath, loginPath, redirectTarget, safeRedirect } from './guard';

describe('public routes', () => {
  test.each([
    '/login',
    '/login2',
    '/download',
    '/404',
    '/redirect/store/mesh',
    '/privacy',
    '/guide/gateway',
    '/help-center/question/3/9',
    '/privacy-management/7',
    '/userManualVideo',
  ])('%s needs no sign-in', (path) => expect(isPublicPath(path)).toBe(true));

  test.each(['/', '/store/mesh', '/system/user', '/guide/recessedSensor', '/system/log/login-log', '/content/privacy', '/docs/help-center/extra'])(
    '%s needs a token',
    (path) => {
      expect(isPublicPath(path)).toBe(false);
    },
  );
});

describe('the access rule', () => {
  test('without a token a console path goes to /login carrying the encoded full path', () => {
    expect(decideAccess('/store/mesh?page=2', false)).toEqual({ allow: false, redirectTo: '/login?redirect=%2Fstore%2Fmesh%3Fpage%3D2' });
  });

  test('without a token a public path is let through', () => {
    expect(decideAccess('/help-center', false)).toEqual({ allow: true });
  });

  test('with a token every path is let through, /login included', () => {
    expect(decideAccess('/login', true)).toEqual({ allow: true });
    expect(decideAccess('/system/user', true)).toEqual({ allow: true });
  });

  test('the root sends to /login without a redirect query', () => {
    expect(decideAccess('/', false)).toEqual({ allow: false, redirectTo: '/login' });
    expect(loginPath('/')).toBe('/login');
  });
});

describe('redirect targets after sign-in', () => {
  test('in-app paths are followed, with their query', () => {
    expect(safeRedirect('/store/mesh?page=2')).toBe('/store/mesh?page=2');
  });

  test.each([
    ['https://evil.example/phish'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['/%0a//evil.example'.replace('%0a', '\n')],
    ['store/mesh'],
    [''],
    [null],
  ])('%j is refused', (target) => {
    expect(safeRedirect(target)).toBe('/');
  });

  test('going back to a sign-in screen would loop, so it is refused', () => {
    expect(safeRedirect('/login?redirect=%2Fx')).toBe('/');
    expect(safeRedirect('/login2')).toBe('/');
  });

  test('/redirect/<path> names the page to re-render', () => {
    expect(redirectTarget('/redirect/store/mesh', '?a=1')).toBe('/store/mesh?a=1');
    expect(redirectTarget('/store/mesh')).toBeUndefined();
  });
});
