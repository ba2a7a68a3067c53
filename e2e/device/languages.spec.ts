import { screensReadInEveryLanguage } from '../languages';

screensReadInEveryLanguage('device', ['/iot/product'], { path: '/iot/product', name: 'iot-products' });
