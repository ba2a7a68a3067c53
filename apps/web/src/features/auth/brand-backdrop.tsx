import type { Brand } from '../../lib/brands';
import { useReducedMotion } from '../../lib/reduced-motion';

/**
 * The brand's background. Videos loop muted (browsers only autoplay muted video) and fall
 * back to their poster for people who prefer reduced motion.
 */
export function BrandBackdrop({ brand }: { brand: Brand }) {
  const { background } = brand;
  const still = useReducedMotion();
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
