import { screensReadInEveryLanguage } from '../languages';

screensReadInEveryLanguage(
  'device',
  ['/iot/product', '/system/shipment', '/system/shipment-calibration'],
  { path: '/iot/product', name: 'iot-products' },
  'nl-NL',
);
