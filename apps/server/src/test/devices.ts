import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { HttpGateway } from '../modules/device/gateway/http-gateway';
import { gatewayProductId, registerDevice } from '../modules/device/directory';
import { storeDevices } from '../modules/store/schema';
import { makeStore } from './stores';
import type { TestApp } from './test-app';

/**
 * A store with luminaires and one gateway registered in the cloud, and that gateway's HTTP
 * connection (signing with the test clock's time).
 */
export async function storeWithGateway(t: TestApp, options: { tenantId: number; luminaires?: number; groups?: number; countryCode?: string }) {
  const made = await makeStore(t, { ...options, gateways: 1 });
  const devices = await t.ctx.db.select().from(storeDevices).where(eq(storeDevices.storeId, made.store.id));
  const gatewayRow = devices.find((d) => d.kind === 'gateway')!;
  const device = await registerDevice(t.ctx.db, {
    productId: await gatewayProductId(t.ctx.db),
    deviceName: gatewayRow.uuid,
    tenantId: options.tenantId,
    storeId: made.store.id,
    storeDeviceId: gatewayRow.id,
  });
  const gateway = new HttpGateway(t.base, device.productKey, device.deviceName, device.secret, () => t.clock.now().getTime());
  return { ...made, device, gateway, gatewayRow, luminaires: devices.filter((d) => d.kind === 'luminaire') };
}

/** Makes the database fail the transaction with the given SQLSTATE, as a real refusal or failure reaches the driver. */
export async function raiseSqlState(tx: Database, code: string): Promise<void> {
  await tx.execute(sql`select set_config('lightdesk.test_sqlstate', ${code}, true)`);
  await tx.execute(sql`do $$ begin raise exception 'raised by the test' using errcode = current_setting('lightdesk.test_sqlstate'); end $$`);
}
