/**
 * Whether an `If-None-Match` header names the entity tag of what would be sent, so the client's
 * copy is current (304). RFC 9110 §13.1.2: the header is `*` or a list of tags, compared weakly
 * (a `W/` prefix on either side does not matter).
 */
export function clientHasCurrent(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.replace(/^W\//, '');
  // A tag may hold a comma, so the list is read tag by tag rather than split at commas.
  return (ifNoneMatch.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === opaque(etag));
}
