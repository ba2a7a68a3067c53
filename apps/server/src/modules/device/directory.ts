import { ThingModel, type DeviceKind } from '@lightdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sameHash } from '../../lib/secrets';
import { deviceSecret, mqttPassword } from './credentials';
import { credentialsChanged } from './link';
import { iotDevices, iotProducts } from './schema';

/** A device as its connections need it: who it is, where it is, and whether it may connect. */
export interface KnownDevice {
  id: number;
  tenantId: number;
  storeId: number | null;
  storeDeviceId: number | null;
  /** The kind of store device it is, when it is one. */
  storeDeviceKind: DeviceKind | null;
  productKey: string;
  deviceName: string;
  nodeType: string;
  enabled: boolean;
  secret: string;
}

export async function findDevice(db: Database, productKey: string, deviceName: string): Promise<KnownDevice | null> {
  const [row] = await db
    .select({
      id: iotDevices.id,
      tenantId: iotDevices.tenantId,
      storeId: iotDevices.storeId,
      storeDeviceId: iotDevices.storeDeviceId,
      storeDeviceKind: sql<DeviceKind | null>`(select kind from store_devices where id = ${iotDevices.storeDeviceId})`,
      productKey: iotProducts.productKey,
      deviceName: iotDevices.deviceName,
      nodeType: iotProducts.nodeType,
      enabled: iotDevices.enabled,
      generation: iotDevices.secretGeneration,
    })
    .from(iotDevices)
    .innerJoin(iotProducts, eq(iotProducts.id, iotDevices.productId))
    .where(and(eq(iotProducts.productKey, productKey), eq(iotDevices.deviceName, deviceName)));
  if (!row) return null;
  const { generation, ...device } = row;
  return { ...device, secret: await deviceSecret(db, productKey, deviceName, generation) };
}

/** `{productKey}/{deviceName}` as devices name themselves; null when it is not of that shape. */
export function parseDeviceName(text: string | undefined): { productKey: string; deviceName: string } | null {
  const m = text?.match(/^([A-Za-z0-9]{11})\/([A-Za-z0-9._:-]{1,64})$/);
  return m ? { productKey: m[1]!, deviceName: m[2]! } : null;
}

/** The enabled device an MQTT sign-in names, when its password is right. */
export async function checkMqttSignIn(db: Database, username: string | undefined, password: string | undefined): Promise<KnownDevice | null> {
  const name = parseDeviceName(username);
  if (!name || !password) return null;
  const device = await findDevice(db, name.productKey, name.deviceName);
  if (!device?.enabled) return null;
  return sameHash(password, mqttPassword(device.secret, device.productKey, device.deviceName)) ? device : null;
}

const GATEWAY_PRODUCT = 'Lightdesk gateway';

/**
 * The product of the gateways the app provisions into stores, made on first use. Its thing
 * model names what the gateways report of themselves.
 */
export async function gatewayProductId(db: Database): Promise<number> {
  await db
    .insert(iotProducts)
    .values({
      name: GATEWAY_PRODUCT,
      nodeType: 'gateway',
      protocol: 'mqtt',
      description: 'Store gateways provisioned by the mobile app: they relay the luminaires and sensors of their store.',
      thingModel: ThingModel.parse({
        properties: [
          { identifier: 'power', name: 'Power', accessMode: 'rw', dataType: { type: 'bool', specs: { true: 'on', false: 'off' } } },
          { identifier: 'brightness', name: 'Brightness', accessMode: 'rw', dataType: { type: 'int', specs: { min: 0, max: 100, unit: '%' } } },
          {
            identifier: 'colourTemperature',
            name: 'Colour temperature',
            accessMode: 'rw',
            dataType: { type: 'int', specs: { min: 2700, max: 6500, unit: 'K' } },
          },
          { identifier: 'scene', name: 'Scene', accessMode: 'rw', dataType: { type: 'int', specs: { min: 0, max: 255 } } },
        ],
        events: [],
        services: [],
      }),
      // Made by the server itself, not by a staff member.
      createdBy: 0,
    })
    .onConflictDoNothing();
  const [row] = await db.select({ id: iotProducts.id }).from(iotProducts).where(eq(iotProducts.name, GATEWAY_PRODUCT));
  return row!.id;
}

export interface NewDevice {
  productId: number;
  deviceName: string;
  tenantId: number;
  storeId?: number | null;
  storeDeviceId?: number | null;
  createdBy?: number | null;
}

/** Registers a device, or gives it a new secret when it exists (the old one stops working); answers it with its new secret. */
export async function registerDevice(db: Database, values: NewDevice): Promise<KnownDevice> {
  const [row] = await db
    .insert(iotDevices)
    .values(values)
    .onConflictDoUpdate({ target: [iotDevices.productId, iotDevices.deviceName], set: { secretGeneration: sql`${iotDevices.secretGeneration} + 1` } })
    .returning({ id: iotDevices.id });
  const [product] = await db.select({ productKey: iotProducts.productKey }).from(iotProducts).where(eq(iotProducts.id, values.productId));
  const device = await findDevice(db, product!.productKey, values.deviceName);
  if (!device || device.id !== row!.id) throw new Error('device vanished while registered');
  await credentialsChanged({ db }, device.id);
  return device;
}
