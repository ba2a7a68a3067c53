export * from './codes';
export * from './messages';
export * from './common';
export * from './permissions';
export * from './auth';
export * from './dict';
export * from './system/post';
