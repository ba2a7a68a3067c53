import type { Database } from '../../db/client';
import type { AppContext } from '../../lib/context';
import type { KnownDevice } from './directory';

/**
 * Topics, over MQTT, of a device named `{productKey}/{deviceName}`:
 *   lightdesk/{productKey}/{deviceName}/up/report   a batch of reports (the contract's ReportBatch)
 *   lightdesk/{productKey}/{deviceName}/up/{kind}   other messages up, e.g. `ack` for commands
 *   lightdesk/{productKey}/{deviceName}/up/will     the gateway's Last Will: it is gone
 *   lightdesk/{productKey}/{deviceName}/down/{kind} messages down, e.g. `command`
 */
export const TOPIC_ROOT = 'lightdesk';
export const upTopic = (productKey: string, deviceName: string, kind: string) => `${TOPIC_ROOT}/${productKey}/${deviceName}/up/${kind}`;
export const downTopic = (productKey: string, deviceName: string, kind: string) => `${TOPIC_ROOT}/${productKey}/${deviceName}/down/${kind}`;

/** The way down to connected devices. */
export interface DeviceLink {
  /** Publishes a message down to a device (QoS 1); true once the broker took it, false when no MQTT broker is in use. */
  publish(productKey: string, deviceName: string, kind: string, payload: unknown): Promise<boolean>;
}

const NO_LINK: DeviceLink = { publish: () => Promise.resolve(false) };
const links = new WeakMap<AppContext, DeviceLink>();

/** Set by the MQTT connection (an external broker or the embedded one) once it is up. */
export const setDeviceLink = (ctx: AppContext, link: DeviceLink | null) => void (link ? links.set(ctx, link) : links.delete(ctx));
export const deviceLinkOf = (ctx: AppContext): DeviceLink => links.get(ctx) ?? NO_LINK;

/** Handles a message a device sent up (other than reports and its will); throwing leaves it unacknowledged. */
export type UpHandler = (ctx: AppContext, device: KnownDevice, payload: unknown) => Promise<void>;
const upHandlers = new Map<string, UpHandler>();
export const onDeviceMessage = (kind: string, handler: UpHandler) => void upHandlers.set(kind, handler);
export const deviceMessageHandler = (kind: string): UpHandler | undefined => upHandlers.get(kind);

/**
 * Told when a device's credentials changed — registered, secret rotated, enabled, disabled or
 * deleted — so the MQTT broker admits it as it now is. Never throws: what fails is caught up later.
 */
export type CredentialsListener = (db: Database, deviceId: number) => Promise<void>;
const credentialsListeners = new Set<CredentialsListener>();
/** Answers the function that stops listening. */
export const onCredentialsChanged = (listener: CredentialsListener) => (credentialsListeners.add(listener), () => void credentialsListeners.delete(listener));
/** Call once a change to a device's credentials is committed (the console's enable, disable, rotate and delete). */
export async function credentialsChanged(ctx: { db: Database }, deviceId: number): Promise<void> {
  await Promise.all([...credentialsListeners].map((listener) => listener(ctx.db, deviceId)));
}
