import type { Brand } from '../../lib/brands';

/**
 * The brand's background. Videos loop muted (browsers only autoplay muted video) and fall
 * back to their poster for people who prefer reduced motion.
 */
export function BrandBackdrop({ brand }: { brand: Brand }) {
  const { background } = brand;
  const still = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return (
    <div className="brand-backdrop" aria-hidden style={{ backgroundColor: brand.colors.backdrop }}>
      {background.kind === 'video' && !still ? (
        <video poster={background.poster} autoPlay muted loop playsInline>
          <source src={background.webm} type="video/webm" />
          <source src={background.mp4} type="video/mp4" />
        </video>
      ) : (
        <img src={background.kind === 'video' ? background.poster : background.src} alt="" />
      )}
    </div>
  );
}
