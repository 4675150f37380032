/** The wire contract shared by server and browser. Imports only zod. */
export * from './kinds';
export * from './topics';
export * from './gases';
export * from './devices';
export * from './text';
export * from './envelope';
export * from './status';
export * from './thresholds';
export * from './board';
export * from './api';
export * from './socket';
export * from './chainage';
export * from './customPanels';
export * from './systemStatus';
export * from './telemetryFrame';
export * from './history';
export * from './fleet';
