/// <reference lib="webworker" />
import { transfer } from 'comlink';
import { socketFeeds } from '../../streams/feeds';
import { LiveHost } from './LiveHost';
import { TelemetryImpl } from './TelemetryImpl';
import { serveLivePort } from './liveServe';

// The SharedWorker: every tab of the browser (same origin) shares this one socket and these ring buffers.
const host = new LiveHost({ createFeeds: socketFeeds(), telemetry: new TelemetryImpl({ transfer }) });
(self as unknown as SharedWorkerGlobalScope).onconnect = (e: MessageEvent) => serveLivePort(host, e.ports[0]);
