// The HTTP client of stores.mjs, in a process of its own as a real client is: each message from
// the parent names the request and how many to time; the answer is each request's time in ms.
// Plain node:http on one kept-alive connection, asking for gzip as a browser does: fetch's own
// machinery costs a millisecond a request here, which is the client's time, not the server's.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** The answer's bytes as they arrived: the time stops at the last byte, before the client decodes them. */
function get(url, token) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ raw: Buffer.concat(chunks), gzip: response.headers['content-encoding'] === 'gzip' }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

process.on('message', async ({ url, token, label, runs, warmUp }) => {
  // Every answer is checked, outside the timed part: what a page does with the JSON is not the server's time.
  const check = ({ raw, gzip }) => {
    const body = JSON.parse((gzip ? gunzipSync(raw) : raw).toString());
    if (body.code !== 200 || body.data.list.length !== 20) throw new Error(`${label}: unexpected answer ${JSON.stringify(body).slice(0, 200)}`);
  };
  try {
    for (let i = 0; i < warmUp; i++) check(await get(url, token));
    const times = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const answer = await get(url, token);
      times.push(performance.now() - start);
      check(answer);
    }
    process.send({ times });
  } catch (error) {
    process.send({ error: String(error) });
  }
});
