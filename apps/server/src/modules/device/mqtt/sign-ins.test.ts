import { expect, test } from 'vitest';
import { addressGroup, SignIns } from './sign-ins';

test('an IPv4 address counts on its own, however written; an IPv6 address with the rest of its /64', () => {
  expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
  expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(addressGroup('2001:db8:a:b:1:2:3:4')).toBe('2001:db8:a:b::/64');
  expect(addressGroup('2001:DB8:A:B::99')).toBe('2001:db8:a:b::/64');
  expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  expect(addressGroup('::1')).toBe('0:0:0:0::/64');
});

test('an address group has only so many connections signing in; one that signed in or closed makes room, once', () => {
  const signIns = new SignIns(2);
  const first = signIns.admit('2001:db8:a:b::1')!;
  expect(signIns.admit('2001:db8:a:b::2')).not.toBeNull();
  expect(signIns.admit('2001:db8:a:b::3')).toBeNull();
  expect(signIns.admit('2001:db8:a:c::1')).not.toBeNull();
  first();
  first();
  expect(signIns.admit('2001:db8:a:b::3')).not.toBeNull();
  expect(signIns.admit('2001:db8:a:b::4')).toBeNull();
});
