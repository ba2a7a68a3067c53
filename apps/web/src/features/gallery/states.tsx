import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import './gallery.css';

/** The four states every data-bound component of the console has. */
export const STATES = ['empty', 'loading', 'error', 'data'] as const;
export type DataState = (typeof STATES)[number];

/** Sample answers for a state: rows for `data`, none for `empty`, a failure for `error`, no answer at all for `loading`. */
export function sampleAnswer<T>(state: DataState, data: T, empty: T): Promise<T> {
  if (state === 'loading') return new Promise<T>(() => undefined);
  if (state === 'error') return Promise.reject(new Error('sample failure'));
  return Promise.resolve(state === 'data' ? data : empty);
}

/** The retry of a sample failure: there is nothing to load again. */
export const retryNothing = () => undefined;

/** One component in each of its states, side by side, each under its name. */
export function StateGrid({ title, render, wide = false }: { title: string; render: (state: DataState) => ReactNode; wide?: boolean }) {
  const { t } = useTranslation('gallery');
  return (
    <Panel title={title}>
      <div className={wide ? 'gallery-states gallery-states-wide' : 'gallery-states'}>
        {STATES.map((state) => (
          <section key={state} className="gallery-state" data-testid={`state-${state}`} aria-label={t(`state.${state}`)}>
            <h3>{t(`state.${state}`)}</h3>
            {render(state)}
          </section>
        ))}
      </div>
    </Panel>
  );
}

/** A gallery page: what it shows, then its components. */
export function GalleryPage({ intro, children }: { intro: string; children: ReactNode }) {
  return (
    <div className="gallery" data-testid="gallery">
      <p className="gallery-intro">{intro}</p>
      {children}
    </div>
  );
}
