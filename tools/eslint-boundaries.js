// One-way imports (STYLE.md): contract ← lib ← modules/features ← app, and no module or
// feature imports another. Resolves each relative import against its file to decide.
import path from 'node:path';

const layersOf = (file) => {
  const m = file.match(/apps\/(server|web)\/src\/(.*)$/);
  if (!m) return null;
  const [, app, rest] = m;
  const parts = rest.split('/');
  const top = parts[0];
  const unitFolder = app === 'server' ? 'modules' : 'features';
  return { app, top, unit: top === unitFolder ? `${top}/${parts[1]}` : null };
};

/** What each top-level folder may import from (besides itself and packages). */
const allowed = {
  server: { lib: ['lib', 'db', 'config'], db: ['db'], seed: ['db', 'lib', 'seed'], modules: ['lib', 'db', 'modules', 'seed', 'config'] },
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
            if (from.unit && to.unit && from.unit !== to.unit) return report('features and modules do not import each other; move the shared piece down');
            const may = allowed[from.app][from.top];
            // Tests may use the shared test harness.
            if (to.top === 'test' && /\.test\.tsx?$/.test(file)) return;
            if (may && !may.includes(to.top)) report(`${from.top} sits below ${to.top}`);
          },
        };
      },
    },
  },
};
