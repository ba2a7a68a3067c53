import appUserRoutes from './app-users';
import cancellationRoutes from './cancellations';
import deviceRoutes from './devices';
import feedbackRoutes from './feedback';
import settingRoutes from './settings';
import storeMemberRoutes from './store-members';
import storeRoutes from './stores';

/** The console's side of the store area: stores and their users, app users, devices, feedback, settings, cancellations. */
export const consoleRoutes = [storeRoutes, storeMemberRoutes, appUserRoutes, settingRoutes, cancellationRoutes, deviceRoutes, feedbackRoutes];
