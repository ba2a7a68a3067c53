import type { ClusterMember } from '../../../lib/cluster/membership';
import type { AppContext } from '../../../lib/context';
import type { Connection } from '../../../lib/routes';
import { startBroker } from './embedded';
import { connectBroker, type ExternalOptions } from './external';

/**
 * Devices' MQTT: through the external broker when MQTT_URL is set, else through the broker
 * Lightdesk runs itself on MQTT_PORT (or, when that was not set and 1883 is taken, on a free
 * port). Started once the database is migrated.
 */
export async function startDeviceMqtt(ctx: AppContext, member: ClusterMember, options: ExternalOptions = {}): Promise<Connection> {
  if (ctx.config.mqttUrl) return connectBroker(ctx, member, options);
  const { stop, url } = await startBroker(ctx);
  return { stop, problem: () => null, ...(url && { deviceUrl: url }) };
}
