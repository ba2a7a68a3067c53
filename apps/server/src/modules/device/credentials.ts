import { createHmac } from 'node:crypto';
import type { Database } from '../../db/client';
import { signingKey } from '../../lib/keys';

/**
 * Device credentials. A device's secret is derived, never stored:
 *   deviceSecret = base64url(HMAC-SHA256(deployment device key, "{productKey}/{deviceName}/{generation}"))[0..32]
 * The deployment key is made on first use and kept in the database; rotating a device's secret
 * bumps its generation, which makes a new secret and voids the old one.
 *
 * Over MQTT a device signs in with
 *   client id = "{productKey}.{deviceName}", username = "{productKey}/{deviceName}",
 *   password  = hex(HMAC-SHA256(deviceSecret, "mqtt:{productKey}/{deviceName}"))
 * so the secret itself never travels; over HTTP it signs each request (see DEVICE_HEADERS).
 */
const KEY_NAME = 'device-secrets';

export async function deviceSecret(db: Database, productKey: string, deviceName: string, generation: number): Promise<string> {
  const key = await signingKey(db, KEY_NAME);
  return createHmac('sha256', key).update(`${productKey}/${deviceName}/${generation}`).digest('base64url').slice(0, 32);
}

export const mqttUsername = (productKey: string, deviceName: string) => `${productKey}/${deviceName}`;
export const mqttClientId = (productKey: string, deviceName: string) => `${productKey}.${deviceName}`;
export const mqttPassword = (secret: string, productKey: string, deviceName: string) =>
  createHmac('sha256', secret).update(`mqtt:${productKey}/${deviceName}`).digest('hex');

/** The signature of an HTTP request, as devices compute it. */
export const requestSignature = (secret: string, timestamp: string, nonce: string, method: string, path: string, body: Buffer | string) =>
  createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${method} ${path}\n`).update(body).digest('hex');
