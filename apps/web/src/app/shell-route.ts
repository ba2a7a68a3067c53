// The catch-all route (console screens and public pages), loaded on the first visit to one of
// them: the sign-in screen does not carry it.
export { shellLoader as loader } from './shell-loader';
export { Shell as Component } from './shell';
