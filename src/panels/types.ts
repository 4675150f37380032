/** The panel plugin API, defined in components so that the board does not depend on panels. */
export { noMigration, type PanelDefinition, type PanelProps } from '../components/panelApi';
