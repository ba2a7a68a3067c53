/**
 * Content: the guides, help centre, common issues, user manuals, video manual and privacy
 * policies that staff write and publish per language in the console, and that anybody reads
 * without signing in. docs/content.md explains the model.
 */
import type { Area } from '../../lib/routes';
import publicContentRoutes from './public-routes';
import contentRoutes from './routes';

export { seedContent } from './seed-loader';

export const contentArea: Area = {
  name: 'content',
  routes: [contentRoutes, publicContentRoutes],
};
