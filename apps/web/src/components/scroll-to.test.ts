import { describe, expect, test } from 'vitest';
import { easeInOutQuad, smoothScrollTo } from './scroll-to';

/** Drives the animation frame by frame on a fake clock. */
function fakePage(start: number) {
  let clock = 0;
  let position = start;
  const positions: number[] = [];
  let pending: (() => void) | undefined;
  return {
    deps: {
      now: () => clock,
      frame: (step: () => void) => (pending = step),
      getPosition: () => position,
      setPosition: (top: number) => {
        position = top;
        positions.push(top);
      },
    },
    advance(ms: number) {
      clock += ms;
      const step = pending;
      pending = undefined;
      step?.();
    },
    positions,
    get position() {
      return position;
    },
  };
}

describe('smooth scroll to top (over 800 ms)', () => {
  test('arrives at the top exactly when 800 ms have passed, not before', async () => {
    const page = fakePage(1000);
    let done = false;
    const scrolling = smoothScrollTo(0, 800, page.deps).then(() => (done = true));
    for (let i = 0; i < 49; i++) page.advance(16); // 784 ms
    await Promise.resolve();
    expect(done).toBe(false);
    expect(page.position).toBeGreaterThan(0);
    page.advance(16);
    await scrolling;
    expect(page.position).toBe(0);
  });

  test('moves steadily upwards, slowly at the ends and fastest in the middle', () => {
    const page = fakePage(800);
    void smoothScrollTo(0, 800, page.deps);
    for (let i = 0; i < 8; i++) page.advance(100);
    const p = page.positions;
    expect(p.every((top, i) => i === 0 || top <= p[i - 1]!)).toBe(true);
    const firstStep = 800 - p[0]!;
    const middleStep = p[3]! - p[4]!;
    expect(middleStep).toBeGreaterThan(firstStep);
    expect(easeInOutQuad(0.5)).toBeCloseTo(0.5);
  });

  test('does nothing when already at the top', async () => {
    const page = fakePage(0);
    await smoothScrollTo(0, 800, page.deps);
    expect(page.positions).toEqual([]);
  });
});
