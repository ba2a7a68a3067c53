import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { callPath, endpoint } from './endpoint';

describe('calling an endpoint', () => {
  const ofType = endpoint.get('/api/x/type/:type', { signedIn: true, params: z.object({ type: z.string() }), summary: 'x' });
  const plain = endpoint.get('/api/x/page', { signedIn: true, query: z.object({ name: z.string() }), summary: 'x' });

  test('path parameters are filled from the input, encoded, and leave the rest of it', () => {
    expect(callPath(ofType, { type: 'a b/c', page: 2 })).toEqual({ path: '/api/x/type/a%20b%2Fc', rest: { page: 2 } });
  });

  test('an endpoint without path parameters takes its input as it is', () => {
    const input = { name: 'x' };
    expect(callPath(plain, input)).toEqual({ path: '/api/x/page', rest: input });
  });
});
