import { isIPv6 } from 'node:net';

/**
 * Who a connection comes from, for counting: an IPv4 address (also when written IPv4-mapped), or
 * an IPv6 address's /64 — one subscriber is given a whole /64 and may use any address in it.
 */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  // The URL parser writes an IPv6 address one way only: lower-case hex groups, one `::` at most.
  const written = new URL(`http://[${address.split('%')[0]}]`).hostname.slice(1, -1);
  const [head = '', tail] = written.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/**
 * Connections still signing in (no CONNECT yet, or its credentials being checked), counted per
 * address group: each holds memory and costs a database look-up for someone not yet known, so
 * one address may have only so many at once. A signed-in device no longer counts — each device
 * has one connection at most, its client id being its own — so the stores of a chain reaching the
 * server through one address are not held back.
 */
export class SignIns {
  private readonly open = new Map<string, number>();

  constructor(private readonly perAddress: number) {}

  /** Counts a new connection; answers how to stop counting it (it signed in or closed), or null when its group is at the limit. */
  admit(address: string): (() => void) | null {
    const group = addressGroup(address);
    const count = this.open.get(group) ?? 0;
    if (count >= this.perAddress) return null;
    this.open.set(group, count + 1);
    let counted = true;
    return () => {
      if (!counted) return;
      counted = false;
      const left = this.open.get(group)! - 1;
      if (left) this.open.set(group, left);
      else this.open.delete(group);
    };
  }
}
