import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { getBrand, setPlatformInfo } from './lib/brands';
import { i18n, startI18n } from './lib/i18n';
import { notify } from './lib/notify';
import { fetchPlatformInfo } from './lib/platform-info';
import './styles.css';

/** The brand names the tab and its icon before anything renders. */
function applyBrand() {
  const brand = getBrand();
  document.title = brand.name;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) icon.href = brand.logo;
}

// A chunk's stylesheet or script failed to preload: the import rejects too and its screen
// explains; this toast covers failures outside any screen.
let warned = false;
window.addEventListener('vite:preloadError', () => {
  if (warned) return;
  warned = true;
  notify.error(i18n.t('failure.chunkText'));
});

async function start() {
  // The brand, and with it the language, follow the platform's default brand and name.
  setPlatformInfo(await fetchPlatformInfo());
  applyBrand();
  await startI18n();
  createRoot(document.getElementById('root')!).render(<App />);
}

void start();
