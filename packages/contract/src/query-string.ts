/**
 * GET parameters with nested objects and arrays, as the further client (`/api/v2/saas/web`) sends
 * them: `period[kind]=month&storeIds[0]=3`. The server parses the same form back.
 */
export function nestedParams(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    if (value instanceof Date) return pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value.toISOString())}`);
    if (typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) add(`${name}[${key}]`, inner);
      return;
    }
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value.toString())}`);
    }
  };
  for (const [name, value] of Object.entries(params)) add(name, value);
  return pairs.join('&');
}
