import type { AppContext } from '../../../lib/context';
import { startBroker } from './embedded';
import { connectBroker, type ExternalOptions } from './external';

/**
 * Devices' MQTT: through the external broker when MQTT_URL is set, else through the broker
 * Lightdesk runs itself on MQTT_PORT. Started once the database is migrated; answers how to stop.
 */
export async function startDeviceMqtt(ctx: AppContext, options: ExternalOptions = {}): Promise<() => Promise<void>> {
  return ctx.config.mqttUrl ? connectBroker(ctx, options) : startBroker(ctx);
}
