// `npm start`: install and build what is missing, then run the console (embedded PGlite, demo data).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

ensureInstalled();
ensureBuilt();

const env = { ...process.env, LIGHTDESK_DEMO: process.env.LIGHTDESK_DEMO ?? '1' };
const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], { stdio: 'inherit', env });
// The server shuts down gracefully on these; pass them on rather than dying first.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
