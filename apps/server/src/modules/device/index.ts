/**
 * Devices that connect to the cloud: products (kinds of device, each with its thing model), the
 * devices themselves with their derived secrets, the one ingest path of their reports (HTTP and
 * MQTT), their online status, commands sent down to stores' luminaires; shipments of devices to
 * agents and customers, and their calibration against the devices activated in stores.
 */
import type { Area } from '../../lib/routes';
import { ackOverMqtt } from './command/delivery';
import { commandTimeoutJob } from './command/jobs';
import commandRoutes from './command/routes';
import { authenticateDevice } from './ingest/authenticate';
import ingestRoutes from './ingest/routes';
import iotDeviceRoutes from './iot-device/routes';
import { onDeviceMessage } from './link';
import { startDeviceMqtt } from './mqtt';
import productRoutes from './product/routes';
import { assignStoresOfShippedDevices } from './shipment/assign';
import calibrationRoutes from './shipment/calibration';
import shipmentRoutes from './shipment/routes';
import { demoHistoryJob, demoLiveJob, seedDeviceDemo } from './simulation/demo';
import { offlineSweepJob, reportRetentionJob } from './status/jobs';
import { onFirstSeen } from './status/liveness';

// A store follows the agent its devices were shipped to, once they first report.
onFirstSeen(async (tx, storeDeviceIds, now) => void (await assignStoresOfShippedDevices(tx, storeDeviceIds, now)));
// Gateways acknowledge commands over MQTT as they do over HTTP.
onDeviceMessage('ack', ackOverMqtt);

export const deviceArea: Area = {
  name: 'device',
  authenticators: { device: authenticateDevice },
  routes: [productRoutes, iotDeviceRoutes, ingestRoutes, commandRoutes, shipmentRoutes, calibrationRoutes],
  jobs: [offlineSweepJob, reportRetentionJob, commandTimeoutJob, demoHistoryJob, demoLiveJob],
  demo: seedDeviceDemo,
  start: (ctx, member) => startDeviceMqtt(ctx, member),
};

export { assignStoresOfShippedDevices } from './shipment/assign';
/** The device a signed request came from (its store too), for other areas' device routes. */
export { senderOf } from './ingest/authenticate';
export { ingestReports, onReportsStored, REPORT_LEAD_MS, type IngestResult, type ReportsHook, type StoredReport } from './ingest/ingest';
export { credentialsChanged, onCredentialsChanged } from './link';
/** The gateway's side of the connection and the store simulation, for `npm run simulate` and the benchmarks. */
export { HttpGateway } from './gateway/http-gateway';
export { MqttGateway } from './gateway/mqtt-gateway';
export { runSimulator, type GatewayConnection, type GatewayCredentials } from './simulation/simulator';
