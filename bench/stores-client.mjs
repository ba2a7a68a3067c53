// The HTTP client of stores.mjs, in a process of its own as a real client is: each message from
// the parent names the request and how many to time; the answer is each request's time in ms.
process.on('message', async ({ url, token, label, runs, warmUp }) => {
  const call = async () => {
    const body = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json();
    if (body.code !== 200 || body.data.list.length !== 20) throw new Error(`${label}: unexpected answer ${JSON.stringify(body).slice(0, 200)}`);
  };
  try {
    for (let i = 0; i < warmUp; i++) await call();
    const times = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await call();
      times.push(performance.now() - start);
    }
    process.send({ times });
  } catch (error) {
    process.send({ error: String(error) });
  }
});
