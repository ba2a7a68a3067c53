// What the device benchmarks share: a fresh PostgreSQL database, free ports, and stores written
// directly, each with 30 luminaires, three sensors and a gateway registered in the cloud.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { gatewayProductId, registerDevice } from '../apps/server/src/modules/device/directory.ts';

/**
 * A fresh database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres):
 * its URL, and `drop()` to remove it afterwards.
 */
export async function freshDatabase(purpose) {
  const server = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `lightdesk_bench_${purpose}_${randomBytes(4).toString('hex')}`;
  const url = new URL(server);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A TCP port nothing listens on now. */
export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Stores with 30 luminaires, three sensors and a registered gateway each (its credentials in `sender`). */
export async function makeBenchStores(client, db, count) {
  const tenant = (await client.query(`SELECT id FROM tenants WHERE code = 'saas'`)).rows[0].id;
  const person = (
    await client.query(`INSERT INTO app_users (email, nickname, country_code, password_hash) VALUES ('bench@example.com', 'Bench', 'NL', 'none') RETURNING id`)
  ).rows[0].id;
  const productId = await gatewayProductId(db);
  const stores = [];
  for (let s = 1; s <= count; s++) {
    const store = (
      await client.query(
        `INSERT INTO stores (mesh_id, name, tenant_id, timezone, country_code, created_by) VALUES ($1, $2, $3, 'Europe/Amsterdam', 'NL', $4) RETURNING id`,
        [`MBENCH${s}`, `Bench store ${s}`, tenant, person],
      )
    ).rows[0].id;
    const device = async (kind, name) =>
      (
        await client.query(`INSERT INTO store_devices (store_id, kind, uuid, name, model) VALUES ($1, $2, $3, $4, 'luna') RETURNING id, uuid`, [
          store,
          kind,
          `B${s}-${name.replace(/\s/g, '')}`,
          name,
        ])
      ).rows[0];
    const gateway = await device('gateway', 'Gateway');
    const deviceIds = new Map();
    const add = async (kind, n) => {
      const row = await device(kind, n);
      deviceIds.set(row.uuid, row.id);
      return row.uuid;
    };
    const luminaires = [];
    for (let i = 1; i <= 30; i++) luminaires.push(await add('luminaire', `Light ${i}`));
    const sender = await registerDevice(db, { productId, deviceName: gateway.uuid, tenantId: tenant, storeId: store, storeDeviceId: gateway.id });
    stores.push({
      sender,
      meshId: `MBENCH${s}`,
      timezone: 'Europe/Amsterdam',
      gateway: gateway.uuid,
      gatewayRow: gateway.id,
      deviceIds,
      luminaires,
      counters: [await add('sensor', 'Entrance counter')],
      zones: [await add('sensor', 'Zone')],
      heatmaps: [await add('sensor', 'Heatmap')],
    });
  }
  return stores;
}
