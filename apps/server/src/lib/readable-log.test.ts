import { describe, expect, test } from 'vitest';
import { readableLog } from './readable-log';

const at = new Date(2026, 0, 2, 13, 4, 5).getTime();
const json = (entry: Record<string, unknown>) => JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'box', ...entry });

describe('the log at a terminal', () => {
  test('one short line: time, level, message, then the other fields', () => {
    const line = readableLog(false);
    expect(line(json({ msg: 'built-in MQTT broker listening', port: 1883 }))).toBe('13:04:05 INFO  built-in MQTT broker listening  port=1883');
    expect(line(json({ level: 40, msg: 'a warning', reason: 'two words' }))).toBe('13:04:05 WARN  a warning  reason="two words"');
  });

  test('a request is one line when it completes, naming what was asked and how it went; its start adds none', () => {
    const line = readableLog(false);
    expect(line(json({ reqId: 'r1', req: { method: 'GET', url: '/api/system/user/page' }, msg: 'incoming request' }))).toBeNull();
    expect(line(json({ reqId: 'r1', res: { statusCode: 200 }, responseTime: 12.4, msg: 'request completed' }))).toBe(
      '13:04:05 INFO  GET /api/system/user/page → 200 in 12 ms',
    );
  });

  test('an error shows its stack under the line, and warnings and errors are coloured for a terminal that has colours', () => {
    const line = readableLog(true);
    expect(line(json({ level: 50, msg: 'unexpected error', err: { message: 'boom', stack: 'Error: boom\n    at here' } }))).toBe(
      '13:04:05 \x1b[31mERROR\x1b[0m unexpected error\n  Error: boom\n      at here',
    );
  });

  test('a line that is not JSON passes as it is', () => {
    expect(readableLog(false)('plain text\n')).toBe('plain text');
  });
});
