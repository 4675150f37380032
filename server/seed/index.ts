/** First-start seed: demo projects, fleet, users and the demo board. */
export { seedIfEmpty, mqttUsernameFor, type SeedLog } from './seed';
export { DEMO_BOARD } from './demoBoard';
export * from './demoProject';
