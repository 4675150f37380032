/** First-start seed: demo projects, fleet, users and the demo board; standard board templates. */
export { retireDocumentedDemoPassword, seedDemoUsers, seedIfEmpty, mqttUsernameFor, type SeedLog } from './seed';
export { DEMO_BOARD } from './demoBoard';
export * from './demoProject';
export { BOARD_TEMPLATES, findTemplate } from './templates';
export { instantiateTemplate, instantiateTemplatePage, type BindableDevice, type TemplateIdMaker } from './instantiate';
