/**
 * Content: the guides, help centre, common issues, user manuals, video manual and privacy
 * policies that staff write and publish per language in the console, and that anybody reads
 * without signing in. docs/content.md explains the model.
 */
import { sql } from 'drizzle-orm';
import type { Area } from '../../lib/routes';
import publicContentRoutes from './public-routes';
import contentRoutes from './routes';
import { contentFiles } from './schema';

export { seedContent } from './seed-loader';

export const contentArea: Area = {
  name: 'content',
  routes: [contentRoutes, publicContentRoutes],
  // Every content upload and seeded video has its row here, which rich-text bodies and video chapters point at.
  fileReferences: [sql`select ${contentFiles.key} from ${contentFiles}`],
};
