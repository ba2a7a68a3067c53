import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { removeRunningConsole, simulatorAddresses, writeRunningConsole } from './running-console';

let dataDir: string;
beforeEach(() => void (dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-console-'))));
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const alive = (pid: number) => pid === 4242;
const running = { pid: 4242, url: 'http://127.0.0.1:8080', mqttUrl: 'mqtt://127.0.0.1:40123' };

describe('npm run simulate finds the running console', () => {
  test('over MQTT it uses the broker the console says it runs, also on a port other than 1883', () => {
    writeRunningConsole(dataDir, running);
    expect(simulatorAddresses({ transport: 'mqtt', dataDir }, alive)).toEqual({ url: running.url, mqtt: 'mqtt://127.0.0.1:40123' });
    expect(simulatorAddresses({ transport: 'http', dataDir }, alive)).toEqual({ url: running.url, mqtt: 'mqtt://127.0.0.1:40123' });
  });

  test('addresses given on the command line win, and need no running console', () => {
    expect(simulatorAddresses({ transport: 'mqtt', url: 'http://10.0.0.2:8080', mqtt: 'mqtt://10.0.0.2:1883', dataDir }, alive)).toEqual({
      url: 'http://10.0.0.2:8080',
      mqtt: 'mqtt://10.0.0.2:1883',
    });
    expect(simulatorAddresses({ transport: 'http', url: 'http://10.0.0.2:8080', dataDir }, alive)).toEqual({ url: 'http://10.0.0.2:8080' });
    writeRunningConsole(dataDir, running);
    expect(simulatorAddresses({ transport: 'mqtt', mqtt: 'mqtt://127.0.0.1:1884', dataDir }, alive)).toEqual({
      url: running.url,
      mqtt: 'mqtt://127.0.0.1:1884',
    });
  });

  test('no console running, or one that has ended, is said with what to do rather than guessed at a default port', () => {
    expect(simulatorAddresses({ transport: 'mqtt', dataDir }, alive)).toEqual({
      problem: expect.stringMatching(/No Lightdesk console is running .*npm start/) as unknown,
    });
    writeRunningConsole(dataDir, { ...running, pid: 99 });
    expect(simulatorAddresses({ transport: 'mqtt', dataDir }, alive)).toHaveProperty('problem');
  });

  test('a console without a broker (its port taken) sends the simulator to HTTP or to a free MQTT_PORT', () => {
    writeRunningConsole(dataDir, { ...running, mqttUrl: null });
    expect(simulatorAddresses({ transport: 'mqtt', dataDir }, alive)).toEqual({ problem: expect.stringMatching(/--transport http.*MQTT_PORT/) as unknown });
    expect(simulatorAddresses({ transport: 'http', dataDir }, alive)).toEqual({ url: running.url });
  });

  test('a console forgets itself on shutdown, but not a file another console has written since', () => {
    writeRunningConsole(dataDir, running);
    removeRunningConsole(dataDir, 1);
    expect(simulatorAddresses({ transport: 'http', dataDir }, alive)).toEqual({ url: running.url, mqtt: running.mqttUrl });
    removeRunningConsole(dataDir, running.pid);
    expect(simulatorAddresses({ transport: 'http', dataDir }, alive)).toHaveProperty('problem');
  });
});
