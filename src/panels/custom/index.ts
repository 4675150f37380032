/** Custom panel types loaded from ES modules registered per project (docs/custom-modules.md). */
export { CustomPanelTypes, CUSTOM_PANEL_ERROR_CODE } from './CustomPanelTypes';
export { customPanelDefinition, type CustomPanelReport, type ModuleImporter } from './customDefinition';
export { moduleUrlForAttempt, resolveCustomModule, type CustomConfigSchema, type CustomPanelModule, type CustomPanelProps } from './customModule';
