/// <reference lib="webworker" />
import { transfer } from 'comlink';
import { socketFeeds } from '../../streams/feeds';
import { LiveHost } from './LiveHost';
import { TelemetryImpl } from './TelemetryImpl';
import { serveLivePort } from './liveServe';

// The dedicated-worker variant (browsers without SharedWorker): one tab, one connection, one session.
serveLivePort(new LiveHost({ createFeeds: socketFeeds(), telemetry: new TelemetryImpl({ transfer }) }), self as unknown as DedicatedWorkerGlobalScope);
