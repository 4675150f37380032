import { expose, transfer } from 'comlink';
import { TelemetryImpl } from './TelemetryImpl';

expose(new TelemetryImpl({ transfer }));
