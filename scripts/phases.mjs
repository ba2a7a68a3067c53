// How long each phase of a test run takes, so the next person sees where the time goes.
// A phase is one line `<seconds>\t<status>\t<name>` in the file LIGHTDESK_PHASES names (CI sets
// it, and .ci/run adds its own phases to the same file); without it `npm test` keeps them itself
// and prints them when it ends.
//   node scripts/phases.mjs print <file>     prints the table of a file of phases
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const kept = [];

function record(name, seconds, status) {
  const line = `${seconds.toFixed(0)}\t${status}\t${name}`;
  if (process.env.LIGHTDESK_PHASES) fs.appendFileSync(process.env.LIGHTDESK_PHASES, `${line}\n`);
  else kept.push(line);
}

/** Runs `step` (which returns whether it passed) as a named phase and records its seconds. */
export function phase(name, step) {
  const started = Date.now();
  const passed = step();
  record(name, (Date.now() - started) / 1000, passed ? 'ok' : 'failed');
  return passed;
}

/** The table of phase lines, with the total. */
export function table(lines) {
  const rows = lines.filter(Boolean).map((line) => line.split('\t'));
  const total = rows.reduce((sum, [seconds]) => sum + Number(seconds), 0);
  const width = Math.max(5, ...rows.map(([, , name]) => name.length));
  const format = (name, seconds, status) => `  ${name.padEnd(width)}  ${String(seconds).padStart(6)} s  ${status}`;
  const minutes = `${Math.floor(total / 60)} min ${String(Math.round(total % 60)).padStart(2, '0')} s`;
  return ['', 'Phases of this run:', ...rows.map(([seconds, status, name]) => format(name, seconds, status)), format('total', total, minutes)].join('\n');
}

/** Prints what this process kept (when no file collects the phases). */
export function printKept() {
  if (kept.length) console.log(table(kept));
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'print') {
  const file = process.argv[3];
  console.log(table(fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : []));
}
