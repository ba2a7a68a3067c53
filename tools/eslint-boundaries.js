// One-way imports: contract ← lib ← modules/features ← app. A server area (modules/<area>) is
// reached from outside only through its index.ts; web features do not import each other.
// Resolves each relative import against its file to decide.
import path from 'node:path';

const layersOf = (file) => {
  const m = file.match(/apps\/(server|web)\/src\/(.*)$/);
  if (!m) return null;
  const [, app, rest] = m;
  const parts = rest.split('/');
  const top = parts[0];
  const unitFolder = app === 'server' ? 'modules' : 'features';
  const unit = top === unitFolder ? `${top}/${parts[1]}` : null;
  // `modules/<area>/index.ts` (or the folder itself) is the area's public face.
  const isIndex = unit !== null && (parts.length === 2 || (parts.length === 3 && /^index\.tsx?$/.test(parts[2])));
  return { app, top, unit, isIndex };
};

/** What each top-level folder may import from (besides itself and packages). */
const allowed = {
  server: { lib: ['lib', 'db', 'config'], db: ['db'], modules: ['lib', 'db', 'modules', 'seed', 'config'] },
  web: {
    lib: ['lib', 'locales'],
    components: ['lib', 'components', 'locales'],
    layout: ['lib', 'components', 'layout', 'locales'],
    features: ['lib', 'components', 'features', 'locales'],
  },
};

export default {
  rules: {
    'one-way-imports': {
      meta: { type: 'problem', messages: { cross: '{{from}} must not import {{to}}: {{why}}' } },
      create(context) {
        const file = context.filename;
        const from = layersOf(file);
        if (!from) return {};
        return {
          ImportDeclaration(node) {
            const source = node.source.value;
            if (!source.startsWith('.')) return;
            const to = layersOf(path.resolve(path.dirname(file), source));
            if (!to || to.app !== from.app) return;
            const report = (why) => context.report({ node, messageId: 'cross', data: { from: from.unit ?? from.top, to: to.unit ?? to.top, why } });
            if (to.unit && from.unit !== to.unit) {
              if (from.app === 'web' && from.unit) return report('features do not import each other; move the shared piece down');
              const whiteBox = from.top === 'test' || /\.test\.tsx?$/.test(file);
              if (from.app === 'server' && !to.isIndex && !whiteBox) return report(`use what ${to.unit}/index.ts exports; the rest of an area is its own`);
            }
            const may = allowed[from.app][from.top];
            // Tests may use the shared test harness; a server test may build on any layer it tests with.
            if (/\.test\.tsx?$/.test(file) && (to.top === 'test' || from.app === 'server')) return;
            if (may && !may.includes(to.top)) report(`${from.top} sits below ${to.top}`);
          },
        };
      },
    },
  },
};
