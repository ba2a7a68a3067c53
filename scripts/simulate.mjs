// `npm run simulate`: build what is stale, then play the demo stores' gateways against the running console.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

ensureInstalled();
ensureBuilt();
const simulator = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/simulate.js'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => simulator.kill(signal));
simulator.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
