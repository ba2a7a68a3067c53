import storeRoutes from './stores';

/** The console's side of the store area: stores, app users, devices, feedback, settings, cancellations. */
export const consoleRoutes = [storeRoutes];
