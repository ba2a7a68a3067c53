/** Frame scheduler and clock, injectable so the animation can be tested frame by frame. */
export interface ScrollDeps {
  now: () => number;
  frame: (step: () => void) => void;
  getPosition: () => number;
  setPosition: (top: number) => void;
}

const browserDeps = (): ScrollDeps => ({
  now: () => performance.now(),
  frame: (step) => requestAnimationFrame(() => step()),
  // The document may scroll on <html> or <body> depending on the browser and doctype.
  getPosition: () => document.documentElement.scrollTop || document.body.scrollTop,
  setPosition: (top) => {
    document.documentElement.scrollTop = top;
    document.body.scrollTop = top;
  },
});

/** Ease in and out so long jumps start and end gently. */
export const easeInOutQuad = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * Scrolls the page to `to` over `duration` ms and resolves when it arrives
 * (pagination scrolls to the top over 800 ms).
 */
export function smoothScrollTo(to: number, duration: number, deps: Partial<ScrollDeps> = {}): Promise<void> {
  const { now, frame, getPosition, setPosition } = { ...browserDeps(), ...deps };
  const from = getPosition();
  const start = now();
  return new Promise((resolve) => {
    const step = () => {
      const progress = duration <= 0 ? 1 : Math.min(1, (now() - start) / duration);
      setPosition(from + (to - from) * easeInOutQuad(progress));
      if (progress < 1) frame(step);
      else resolve();
    };
    if (from === to) resolve();
    else frame(step);
  });
}
