import { beforeEach, describe, expect, test } from 'vitest';
import { BRANDS, brandParam, chooseBrand, copyrightLine, currentBrand, defaultBrand } from './brands';
import indexHtml from '../../index.html?raw';
import { local } from './storage';

describe('brand choice', () => {
  beforeEach(() => localStorage.clear());

  test('four brands, each with its own name, logo, colours, copyright and languages', () => {
    expect(BRANDS.map((b) => [b.key, b.name])).toEqual([
      ['lightdesk', 'Lightdesk'],
      ['lumen', 'Lumen Retail'],
      ['aurora', 'Aurora Lighting'],
      ['nordlicht', 'Nordlicht'],
    ]);
    expect(BRANDS.filter((b) => b.background.kind === 'video').map((b) => b.key)).toEqual(['lumen', 'aurora']);
    expect(new Set(BRANDS.map((b) => b.colors.primary)).size).toBe(4);
  });

  test('the page address wins: its domain text names the brand', () => {
    expect(chooseBrand('console.lumen-retail.com/', 'aurora').key).toBe('lumen');
    expect(chooseBrand('nordlicht.example.de/', undefined).key).toBe('nordlicht');
  });

  test('a deployment under the default brand’s domain with another brand’s text is that brand', () => {
    expect(chooseBrand('aurora-lighting.lightdesk.cloud/', undefined).key).toBe('aurora');
  });

  test('then the stored choice, then the default', () => {
    expect(chooseBrand('127.0.0.1:8080/', 'aurora').key).toBe('aurora');
    expect(chooseBrand('127.0.0.1:8080/', 'no-such-brand').key).toBe('lightdesk');
    expect(chooseBrand('127.0.0.1:8080/', undefined).key).toBe('lightdesk');
  });

  test('?brand=<key> in the query or the hash query is read, unknown keys are not', () => {
    expect(brandParam({ search: '?brand=lumen', hash: '' })).toBe('lumen');
    expect(brandParam({ search: '', hash: '#/login?brand=nordlicht' })).toBe('nordlicht');
    expect(brandParam({ search: '?brand=evil', hash: '' })).toBeUndefined();
  });

  test('?brand=<key> stores the choice for later visits', () => {
    const at = (search: string) => ({ host: '127.0.0.1:8080', pathname: '/', search, hash: '#/login' }) as Location;
    expect(currentBrand(at('?brand=aurora')).key).toBe('aurora');
    expect(local.get('brand')).toBe('aurora');
    expect(currentBrand(at('')).key).toBe('aurora');
  });

  test('the copyright line carries the current year', () => {
    expect(copyrightLine(BRANDS[0]!, new Date('2031-05-01'))).toContain('2031');
  });
});

describe('the sign-in background starts loading with the page', () => {
  test('index.html preloads the default brand’s background, the sign-in screen’s largest paint', () => {
    const preloaded = [...indexHtml.matchAll(/<link rel="preload" as="image" href="\.\/([^"]+)"/g)].map((m) => m[1]);
    const background = defaultBrand().background;
    expect(background.kind).toBe('image');
    expect(preloaded).toEqual([background.kind === 'image' ? background.src.slice(import.meta.env.BASE_URL.length) : undefined]);
  });
});

describe('the platform settings', () => {
  const info = { platformName: 'Acme Light Cloud', defaultBrand: 'nordlicht' } as const;
  const at = { host: '127.0.0.1:8080', pathname: '/', search: '', hash: '#/login' } as Location;
  beforeEach(() => localStorage.clear());

  test('their default brand applies when neither the address nor a stored choice names one', () => {
    expect(chooseBrand('127.0.0.1:8080/', undefined, 'nordlicht').key).toBe('nordlicht');
    expect(chooseBrand('127.0.0.1:8080/', 'aurora', 'nordlicht').key).toBe('aurora');
    expect(chooseBrand('console.lumen-retail.com/', undefined, 'nordlicht').key).toBe('lumen');
  });

  test('their default brand goes by the platform name; another brand keeps its own', () => {
    expect(currentBrand(at, info)).toMatchObject({ key: 'nordlicht', name: 'Acme Light Cloud' });
    local.set('brand', 'lumen');
    expect(currentBrand(at, info)).toMatchObject({ key: 'lumen', name: 'Lumen Retail' });
  });
});
