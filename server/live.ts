import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { DEVICE_KIND_REGISTRY, attendanceRole, clockInRole, deviceTopic, progressRole, type AttendanceRole, type Alarm, type CameraAlarm, type CycleRecord, type DeviceMessage, type DeviceStatus, type DeviceTopic, type IngestStats, type ProgressRole } from '../protocol';
import { CaptureStore, captureUrl, decodeCapture } from './captures/captureStore';
import { CERTIFICATE_CHECK_INTERVAL_MS, checkCertificates } from './lifting/certificateCheck';
import { ClockInService } from './lifting/clockIns';
import { connectClusterRedis, startCluster, type Cluster } from './cluster/cluster';
import { mergeShares, shareOf, type ProjectLiveState } from './cluster/liveShare';
import { PartitionedRules, type Rules } from './cluster/partitionedRules';
import { pruneReceipts, writeReceipts } from './cluster/receipts';
import type { ServerConfig } from './config';
import type { TelemetryItem, TelemetryTopic } from './gateway/batcher';
import { startGateway } from './gateway/gateway';
import { CycleTracker } from './cycles/tracker';
import type { SessionResolver } from './http/sessions';
import { startEmbeddedBroker, type BrokerStats } from './ingest/embeddedBroker';
import { SESSION_EXPIRY_S, startExternalBroker } from './ingest/externalBroker';
import { DeadLetterStore, describeError } from './ingest/deadLetters';
import { createIngestHandler, type DurableOutcome } from './ingest/handleMessage';
import { IngestCounter } from './ingest/ingestStats';
import { deleteOldTelemetry, TelemetryWriter } from './ingest/telemetryWriter';
import { loadTlsCertificate } from './ingest/tlsCertificate';
import { DEFAULT_HJ212_LIMITS, startHj212Listener, type Hj212Listener } from './hj212/listener';
import { AlarmPersister, loadActiveAlarms, MAX_PENDING_ALARM_WRITES, type MessageOrigin } from './rules/alarmPersister';
import { metricValues } from './rules/deviceMonitor';
import { loadDevices } from './rules/deviceStore';
import { RulesEngine } from './rules/engine';
import { ElevatorTripDetector, insertWorkRecord, LiftDetector } from './rules/workRecords';
import type { Effects, UnconfiguredChange, ZoneStats } from './rules/types';
import { loadZoneConfig } from './rules/zoneStore';
import { startUnshelveSweep } from './rules/alarmShelving';
import { loadPortalCounts, PortalCountWriter, type PortalCountsOfDay } from './rules/portalCounts';
import { ZoneHourWriter } from './rules/zoneHours';
import { PortalCrossingWriter } from './rules/portalCrossings';
import { deleteOldGatePasses, deleteOldPortalCrossings, deviceForLogin, pruneClockIns, insertGatePass, ensureTelemetryPartitions, projectIdsWithTunnels, type Database } from './storage';
import { TunnelProgress } from './tunnel/progress';
import { SprayService } from './spray/service';
import type { Downlink } from './spray/commander';
import type { DeviceMonitor } from './rules/deviceMonitor';
import { VehicleTracker, type VehicleLive } from './vehicles/tracker';

export type { SessionResolver };

/** What the live pipeline needs from the server. */
export interface LiveDeps {
  config: ServerConfig;
  db: Kysely<Database>;
  /** The HTTP server socket.io attaches to (path /socket.io, same port). */
  httpServer: HttpServer;
  sessions: SessionResolver;
  log: FastifyBaseLogger;
  /**
   * Called once per drill-and-blast round closed and stored (server/cycles/tracker.ts), with its footage:
   * the server's wiring hands it to whoever advances the face.
   */
  onCycleCompleted?: (record: CycleRecord) => void;
}

/** Live state of one device. `lastSeenMs` is server receive time (ms since epoch). */
export interface DeviceLiveState {
  status: DeviceStatus;
  /** Seen and not silent beyond its kind's offline rule (status alone can read `warning` or `alarm` for a silent device). */
  online: boolean;
  lastSeenMs: number | null;
  latest: Record<string, number> | null;
}

/** The running live pipeline. */
export interface LiveHandle {
  /** Embedded broker port actually bound (config.mqttPort may be 0); null with MQTT_URL. */
  mqttPort: number | null;
  /**
   * The embedded broker's other listeners and bind address (null with MQTT_URL or when off), and the
   * TLS certificate (PEM) it presents: a self-signed one is what devices must trust as their CA.
   */
  mqttListeners: { address: string; tlsPort: number | null; wsPort: number | null; tlsCertificate: string | null } | null;
  /** HJ 212 listener port actually bound (config.hj212.port may be 0); null when off. */
  hj212Port: number | null;
  /** Open HJ 212 connections now (0 when off). */
  hj212Connections(): number;
  /** Accepted and rejected device messages since start (protocol/api.ts). */
  ingestStats(): IngestStats;
  /**
   * Live state of the devices of a project this node holds, by sn (empty for an unknown project). In a
   * cluster only the devices of the partitions it owns: see {@link LiveHandle.liveState} for all of them.
   */
  deviceState(projectId: string): Map<string, DeviceLiveState>;
  /**
   * A project's live state as the whole cluster knows it (server/cluster/liveShare.ts): this node's
   * devices and zone figures merged with the shares of the other nodes that answered in time. On a
   * single node, its own state without any wait.
   */
  liveState(projectId: string): Promise<ProjectLiveState>;
  /** Pushes an alarm that REST changed (already persisted) to the project's alarm room. */
  publishAlarm(alarm: Alarm): void;
  /**
   * Closes the embedded-broker and HJ 212 connections of project `projectId`'s devices (credentials
   * rotated); they must log in again with the new password. @returns how many were closed (MQTT ones: 0
   * with MQTT_URL).
   */
  disconnectDevices(projectId: string): number;
  /** Re-reads devices and thresholds, zones and the person registry of one project (or all) from the database. */
  reloadDevices(projectId?: string): Promise<void>;
  /**
   * Tunnel progress (server/tunnel/progress.ts): reports, process devices and the drill-and-blast cycle move
   * a heading's saved positions through it (`advanceFace` when a cycle closes); its step-distance warnings
   * go through this node's alarm writer.
   */
  tunnelProgress: TunnelProgress;
  /**
   * Spray linkage of the fog cannons (server/spray/service.ts): their state, manual commands and linkage;
   * commands go out on the MQTT downlink of this node's broker.
   */
  spray: SprayService;
  /**
   * The vehicles of a project that reported on this node, with speed and gap (server/vehicles/tracker.ts;
   * vehicles are partitioned with the project's people, so one node holds them all in a cluster).
   */
  vehicles(projectId: string): VehicleLive[];
  /**
   * Adds today's portal crossings counted before the start (the demo backfill's rules over the past,
   * server/simulator/backfillRules.ts) to the project's live counts, stored with the next write. Single
   * node only (a cluster node holds a share of the counts and stores none): ignored in a cluster.
   */
  addPortalCounts(projectId: string, day: PortalCountsOfDay): void;
  /** Stops ingest, flushes pending telemetry and alarm writes, disconnects browsers. Idempotent. */
  close(): Promise<void>;
}


/** Offline and AI-window checks run this often (ms); a 1 s beacon period is detected within 4 s. */
const RULES_TICK_MS = 1_000;
/** Telemetry retention runs hourly, the first time shortly after start. */
const RETENTION_INTERVAL_MS = 3_600_000;
const RETENTION_FIRST_MS = 60_000;

/**
 * Starts the live pipeline: MQTT ingest (embedded broker, or a client of MQTT_URL) → validation →
 * rules (thresholds with hysteresis, SOS, AI violations, offline) → alarms persisted, then pushed →
 * telemetry batched into the database and to the socket.io gateway on the HTTP server.
 * Devices and active alarms are read from the database first, so alarm state survives a restart.
 * @throws when the broker cannot listen / connect or the database cannot be read (nothing is left running)
 */
export async function startLive(deps: LiveDeps): Promise<LiveHandle> {
  const { config, db, log } = deps;
  // REDIS_URL: the socket.io Redis adapter; with MQTT_URL too, a cluster splitting ingest by device partition
  // (docs/operations.md "Cluster"). Without them, one node exactly as before.
  const clusterRedis = config.redisUrl ? await connectClusterRedis(config.redisUrl, log) : null;
  const rulesOptions = { zones: config.personnelRules, faults: config.sensorFaults, offlineGracePeriods: config.offlineGracePeriods };
  const partitioned = clusterRedis && config.mqttUrl !== null ? new PartitionedRules(config.clusterPartitions, rulesOptions) : null;
  const single = partitioned ? null : new RulesEngine(Date.now(), rulesOptions);
  const engine: Rules = partitioned ?? single!;
  let cluster: Cluster | null = null;
  const counter = new IngestCounter();
  const writer = new TelemetryWriter(db, log);
  const captures = new CaptureStore(db);
  const gateway = startGateway({
    httpServer: deps.httpServer,
    sessions: deps.sessions,
    log,
    sessionRecheckMs: config.socketSessionRecheckMs,
    allowedOrigins: config.allowedOrigins,
    basePath: config.basePath,
    adapter: clusterRedis?.adapter,
    liveShareOf: (projectId) => {
      const devices = localDeviceState(projectId);
      return shareOf(devices, ownZoneStats(projectId), devices.keys());
    },
  });
  /** The live state of the devices this node holds (in a cluster: those of its partitions). */
  function localDeviceState(projectId: string): Map<string, DeviceLiveState> {
    const out = new Map<string, DeviceLiveState>();
    for (const [sn, m] of engine.devices(projectId)) out.set(sn, { status: m.status, online: m.online, lastSeenMs: m.lastSeenMs, latest: m.latest });
    return out;
  }
  /** The project's zone figures when this node holds them (single node: always), else null. */
  function ownZoneStats(projectId: string): ZoneStats | null {
    return partitioned && !partitioned.ownsZonesOf(projectId) ? null : engine.zoneStats(projectId, Date.now());
  }
  const deadLetters = new DeadLetterStore(db, log);
  const persister = new AlarmPersister(db, (alarm) => gateway.pushAlarm(alarm), log, MAX_PENDING_ALARM_WRITES, (draft, err, origin) =>
    deadLetters
      .record({ atMs: Date.now(), projectId: draft.projectId, deviceSn: draft.deviceSn, topic: origin?.topic, payload: origin?.payload, draft, reason: describeError(err) })
      .then(() => undefined),
    undefined,
    undefined,
    // in a cluster, each stored message's receipt commits with its alarm change (server/cluster/receipts.ts)
    partitioned ? (trx, origins) => writeReceipts(trx, origins, Date.now()) : null,
    // an open alarm's repeats are written and pushed at most once per ALARM_REPEAT_PUSH_MS
    config.alarmRepeatPushMs,
  );
  const timers: NodeJS.Timeout[] = [];
  // a saved face or rock-grade change re-reads the project's headings for the cycle tracker (its face
  // stations and the crowd at the face follow the face)
  const tunnelProgress = new TunnelProgress({ db, log, raise: (alarms) => void apply({ alarms, statuses: [] }), moved: (projectId) => reloadCycles(projectId) });
  const lifts = new LiftDetector();
  const trips = new ElevatorTripDetector();
  // drill-and-blast stages and rounds per heading, from stage reports, face gas and beacons (server/cycles);
  // a closed round's surveyed advance moves its face (TunnelProgress.roundClosed)
  const cycles = new CycleTracker({
    db,
    log,
    onCycleCompleted: (record) => {
      void tunnelProgress.roundClosed(record);
      deps.onCycleCompleted?.(record);
    },
  });
  // the MQTT downlink (commands to devices): the embedded broker's, or the external broker client's
  let downlink: Downlink['publish'] | null = null;
  const knownDevice = (m: DeviceMonitor) => ({ sn: m.config.sn, kind: m.config.kind, name: m.config.name, online: m.online });
  const spray = new SprayService({
    db,
    log,
    retry: config.sprayRetry,
    downlink: { publish: (topic, payload) => (downlink ? downlink(topic, payload) : Promise.reject(new Error('no MQTT downlink on this node'))) },
    devices: (projectId) => [...engine.devices(projectId).values()].map(knownDevice),
    device: (projectId, sn) => {
      const m = engine.device(projectId, sn);
      return m ? knownDevice(m) : undefined;
    },
  });
  // drivers clocking in at lifting equipment (server/lifting): stored, shifts opened, refused ones raise an alarm on the machine
  const clockIns = new ClockInService({
    db,
    log,
    captures,
    device: (projectId, sn) => {
      const m = engine.device(projectId, sn);
      return m ? { kind: m.config.kind, name: m.config.name } : undefined;
    },
    raise: (alarms) => void apply({ alarms, statuses: [] }),
    refuse: (projectId, terminalSn, detail, atMs) => {
      const kind = engine.device(projectId, terminalSn)?.config.kind;
      counter.countRejected('schema', kind ? deviceTopic(projectId, kind, terminalSn) : terminalSn, detail, atMs);
    },
  });
  // vehicles' speed and nearest person, derived before the rules judge them (server/vehicles)
  const vehicles = new VehicleTracker();
  function reloadCycles(projectId: string): void {
    cycles.load(projectId).catch((err: unknown) => log.error({ err, projectId }, 'cycle tracker reload failed'));
  }

  /**
   * Applies a rules step. @returns a promise of the alarm writes it queued (settled once they are stored
   * or dead-lettered), or undefined when it changed no alarm.
   */
  function apply(effects: Effects, origin?: MessageOrigin): Promise<DurableOutcome> | undefined {
    const written = effects.alarms.length > 0 ? persister.enqueue(effects.alarms, origin) : undefined;
    for (const change of effects.statuses) {
      gateway.pushStatus(change.projectId, change.sn, change.status, change.atMs, change.online);
      persistDevice(change.projectId, change.sn);
    }
    for (const change of effects.unconfigured ?? []) persistUnconfigured(change);
    return written;
  }

  /** Unconfigured-metric flags are stored in order, one write at a time (rare: once per newly seen metric). */
  let unconfiguredWrites: Promise<void> = Promise.resolve();
  function persistUnconfigured(change: UnconfiguredChange): void {
    if (change.metrics.length > 0) log.warn({ projectId: change.projectId, sn: change.sn, metrics: change.metrics }, 'device reports metrics with no configured threshold: judged on the kind defaults');
    unconfiguredWrites = unconfiguredWrites
      .then(() => db.updateTable('devices').set({ unconfigured_metrics: JSON.stringify(change.metrics) }).where('project_id', '=', change.projectId).where('sn', '=', change.sn).execute())
      .then(
        () => undefined,
        (err: unknown) => log.error({ err, sn: change.sn }, 'unconfigured metrics not stored'),
      );
  }

  function persistDevice(projectId: string, sn: string): void {
    const monitor = engine.device(projectId, sn);
    if (monitor) writer.deviceChanged(monitor);
  }

  /** @returns the message's alarm writes (the broker acknowledges the message once they settle), if any */
  function onAccepted(topic: DeviceTopic, message: DeviceMessage, receivedAtMs: number, raw: MessageOrigin): Promise<DurableOutcome> | void {
    // kinds whose events may carry their capture picture (descriptor event.capture): stored, picUrl points at it
    const event = DEVICE_KIND_REGISTRY.get(message.kind)?.event;
    const captured = event?.capture && (message.msg as CameraAlarm).pic !== undefined ? storeCapture(topic, message.msg as CameraAlarm) : null;
    if (captured) message = { kind: message.kind, msg: captured.msg } as DeviceMessage;
    message = vehicles.accept(topic.projectId, topic.sn, message, receivedAtMs);
    // flattened once for the rules and the history
    const values = metricValues(message);
    const written = apply(engine.accept(topic.projectId, topic.sn, message, receivedAtMs, values), raw);
    persistDevice(topic.projectId, topic.sn);
    pushTelemetry(topic, message, values);
    cycles.accept(topic.projectId, topic.sn, message, values);
    spray.accepted(topic.projectId, topic.sn, message.kind, message.msg, values, receivedAtMs);
    // kinds that report tunnel progress (descriptor `progress`): the heading's positions are saved before the acknowledgement
    const progress = progressRole(message.kind);
    if (progress) {
      const saved = saveProgress(topic, progress.decode(message.msg), receivedAtMs);
      return Promise.all([saved, written]).then(([, outcome]) => outcome ?? 'stored');
    }
    // kinds that report people passing a gate (descriptor `attendance`): the pass is stored before the acknowledgement
    const attendance = attendanceRole(message.kind);
    if (attendance) {
      const saved = savePass(topic, attendance.decode(message.msg), message.msg.ts, receivedAtMs);
      return Promise.all([saved, written]).then(([, outcome]) => outcome ?? 'stored');
    }
    // kinds that report drivers clocking in (descriptor `clockIn`): the clock-in is stored before the acknowledgement
    const clockIn = clockInRole(message.kind);
    if (clockIn) {
      const saved = clockIns.accept(topic.projectId, topic.sn, clockIn.decode(message.msg), message.msg.ts, receivedAtMs);
      return Promise.all([saved, written]).then(([, outcome]) => outcome ?? 'stored');
    }
    // the message is acknowledged once both its picture and its alarm are stored
    return captured ? Promise.all([captured.stored, written]).then(([, outcome]) => outcome ?? 'stored') : written;
  }

  /**
   * A process device's positions of a heading, saved at the receive time (the rules' clock). A report the
   * progress rules refuse (no such heading, an invert ahead of the face) is counted as a `schema` refusal
   * with the reason and changes nothing.
   */
  async function saveProgress(topic: DeviceTopic, report: ReturnType<ProgressRole<unknown>['decode']>, receivedAtMs: number): Promise<void> {
    const { headingId, ...positions } = report;
    try {
      const r = await tunnelProgress.report(topic.projectId, headingId, positions, receivedAtMs, 'device', topic.sn);
      if ('refused' in r) counter.countRejected('schema', deviceTopic(topic.projectId, topic.kind, topic.sn), r.message, receivedAtMs);
    } catch (err) {
      log.error({ err, sn: topic.sn }, 'tunnel progress not saved');
    }
  }

  /**
   * A gate's pass, stored once per gate and pass key (a pass reported twice is stored once; docs/domain.md
   * "Labour attendance"). A person id the register does not know is stored as it came (an unknown face,
   * counted on the attendance screen). A failed write is logged.
   */
  async function savePass(topic: DeviceTopic, pass: ReturnType<AttendanceRole<unknown>['decode']>, tsMs: number, receivedAtMs: number): Promise<void> {
    try {
      const stored = await insertGatePass(db, { projectId: topic.projectId, gateSn: topic.sn, ...pass, tsMs, receivedMs: receivedAtMs });
      if (!stored) log.debug({ sn: topic.sn, passKey: pass.passKey }, 'gate pass reported again: stored once');
    } catch (err) {
      log.error({ err, sn: topic.sn }, 'gate pass not stored');
    }
  }

  /**
   * An AI alarm's picture (`pic`, server/captures): stored in alarm_captures, and the alarm's `picUrl` set
   * to the server's capture route. A picture that is neither JPEG nor PNG is dropped (the alarm keeps the
   * camera's own `picUrl`); a failed write is logged, the alarm is raised all the same.
   */
  function storeCapture(topic: DeviceTopic, msg: CameraAlarm): { msg: CameraAlarm; stored: Promise<void> } | null {
    const { pic, ...rest } = msg;
    const picture = pic === undefined ? null : decodeCapture(topic.sn, msg.ts, pic);
    if (!picture) {
      log.warn({ sn: topic.sn }, 'camera alarm picture is neither JPEG nor PNG: not stored');
      return { msg: rest, stored: Promise.resolve() };
    }
    const stored = captures.save(topic.projectId, topic.sn, picture).catch((err: unknown) => log.error({ err, sn: topic.sn }, 'capture picture not stored'));
    return { msg: { ...rest, picUrl: captureUrl(topic.projectId, picture.name) }, stored };
  }

  function pushTelemetry(topic: DeviceTopic, message: DeviceMessage, values: Record<string, number>): void {
    // What is stored and pushed is the kind's choice (protocol/kinds): readings go to the history, live
    // telemetry to the kind's topic room; event-driven kinds (cameras) only raise alarms.
    const kind = DEVICE_KIND_REGISTRY.require(message.kind);
    if (!kind.readings) return;
    const tunnelId = 'tunnelId' in message.msg && typeof message.msg.tunnelId === 'string' ? message.msg.tunnelId : null;
    writer.add({ projectId: topic.projectId, sn: topic.sn, tsMs: message.msg.ts, values, kind: message.kind, tunnelId });
    const lift = lifts.accept(topic.projectId, topic.sn, message.kind, values, message.msg.ts);
    if (lift) insertWorkRecord(db, lift).catch((err: unknown) => log.error({ err, sn: topic.sn }, 'work record not stored'));
    for (const trip of trips.accept(topic.projectId, topic.sn, message.kind, values, message.msg.ts)) {
      insertWorkRecord(db, trip).catch((err: unknown) => log.error({ err, sn: topic.sn, cage: trip.cage }, 'work record not stored'));
    }
    if (kind.live) gateway.pushTelemetry(topic.projectId, message.kind as TelemetryTopic, { sn: topic.sn, ...message.msg } as TelemetryItem);
  }

  /** Re-reads devices of one project (or all) on this node. */
  async function reloadDevices(projectId?: string): Promise<void> {
    const loaded = await loadDevices(db, log, projectId);
    const nowMs = Date.now();
    if (projectId === undefined) {
      for (const known of engine.projectIds()) if (!loaded.has(known)) loaded.set(known, []);
    }
    for (const [pid, devices] of loaded) apply(engine.setDevices(pid, devices, nowMs));
    await spray.load(loaded.keys(), nowMs);
    const zones = await loadZoneConfig(db, projectId);
    if (projectId === undefined) {
      for (const known of engine.projectIds()) if (!zones.has(known)) zones.set(known, { zones: [], wearers: new Map() });
    }
    const portal = await loadPortalCounts(db, Date.now(), projectId); // today's counts survive a restart
    for (const [pid, c] of zones) apply(engine.setZones(pid, c.zones, c.wearers, Date.now(), portal.get(pid)));
    if (projectId !== undefined) await cycles.load(projectId);
  }

  const handleMessage = createIngestHandler({
    deviceKind: (projectId, sn) => engine.device(projectId, sn)?.config.kind,
    onAccepted,
    onOutOfRange: (topic, receivedAtMs) => apply(engine.refusedReading(topic.projectId, topic.sn, receivedAtMs)),
    counter,
    log,
  });

  let ingest: { close(): Promise<void> } | null = null;
  let embedded: { disconnectProject(projectId: string): number } | null = null;
  let mqttPort: number | null = null;
  let mqttListeners: LiveHandle['mqttListeners'] = null;
  let brokerStats: (() => BrokerStats) | null = null;
  const mqttSession = { lost: 0, lastLostAtMs: null as number | null };
  let sessionStats: (() => { lost: number; lastLostAtMs: number | null }) | null = null;
  let hj212: Hj212Listener | null = null;
  try {
    await ensureTelemetryPartitions(db, Date.now());
    await reloadDevices();
    await cycles.start();
    const startMs = Date.now();
    for (const alarm of await loadActiveAlarms(db)) {
      if (tunnelProgress.owns(alarm)) tunnelProgress.restore(alarm);
      else persister.enqueue(engine.restoreAlarm(alarm, startMs));
    }
    apply(engine.tick(Date.now()));
    await tunnelProgress.judgeAll(await projectIdsWithTunnels(db), Date.now());

    if (config.mqttUrl === null) {
      const tls = config.mqttTls ? await loadTlsCertificate(config.mqttTls, config.dataDir, config.host) : null;
      const broker = await startEmbeddedBroker({
        db,
        port: config.mqttPort,
        host: config.host,
        onMessage: handleMessage,
        counter,
        limits: config.mqttLimits,
        tls: tls && config.mqttTls ? { port: config.mqttTls.port, cert: tls.cert, key: tls.key } : undefined,
        ws: config.mqttWs ?? undefined,
        log,
      });
      mqttPort = broker.port;
      mqttListeners = { address: broker.address, tlsPort: broker.tlsPort, wsPort: broker.wsPort, tlsCertificate: tls?.cert ?? null };
      brokerStats = () => broker.stats();
      if (broker.tlsPort !== null) log.info({ port: broker.tlsPort, selfSigned: tls?.selfSigned }, 'embedded MQTT broker listening for TLS');
      if (broker.wsPort !== null) log.info({ port: broker.wsPort, path: config.mqttWs?.path }, 'embedded MQTT broker listening for WebSocket');
      ingest = broker;
      embedded = broker;
      downlink = (topic, payload) => broker.publish(topic, payload);
      log.info({ port: broker.port }, 'embedded MQTT broker listening');
    } else if (partitioned && clusterRedis) {
      cluster = await startCluster({
        redis: clusterRedis,
        db,
        log,
        mqttUrl: config.mqttUrl,
        nodeId: config.nodeId,
        leaseMs: config.clusterLeaseMs,
        rules: partitioned,
        handleMessage,
        apply: (effects) => void apply(effects),
        flushAlarms: () => persister.flush(),
        reloadLocal: reloadDevices,
        dealtLocal: (alarm) => apply({ alarms: [], statuses: engine.alarmDealt(alarm, Date.now()) }),
      });
      ingest = cluster;
      log.info({ nodeId: config.nodeId, partitions: config.clusterPartitions, owned: cluster.owned() }, 'cluster node started');
    } else {
      const external = await startExternalBroker({
        url: config.mqttUrl,
        nodeId: config.nodeId,
        onMessage: (topic, payload) => handleMessage(topic, payload).then(() => undefined),
        log,
        expectSession: await heardWithin(db, SESSION_EXPIRY_S * 1_000, Date.now()),
        onSessionLost: (atMs) => {
          mqttSession.lost++;
          mqttSession.lastLostAtMs = atMs;
        },
        // the broker came back: every device reconnects, offline alarms wait as after a start
        onReconnected: (atMs) => single?.brokerRestarted(atMs),
      });
      ingest = external;
      downlink = (topic, payload) => external.publish(topic, payload);
      sessionStats = () => ({ ...mqttSession });
    }
    if (config.hj212) {
      // HJ 212 monitors go through the same ingest as MQTT devices (server/hj212/listener.ts)
      hj212 = await startHj212Listener({
        port: config.hj212.port,
        host: config.host,
        findDevice: (mn) => deviceForLogin(db, mn),
        onMessage: handleMessage,
        counter,
        limits: { ...DEFAULT_HJ212_LIMITS, maxConnections: config.hj212.maxConnections, idleMs: config.hj212.idleMs, packetMs: config.hj212.packetMs },
        log,
      });
      log.info({ port: hj212.port }, 'HJ 212 listener for environment monitors listening');
    }
  } catch (err) {
    await ingest?.close().catch(() => undefined);
    cycles.stop();
    await Promise.allSettled([writer.close(), persister.close(), gateway.close()]);
    await clusterRedis?.close();
    throw err;
  }
  if (clusterRedis && !partitioned) log.warn({}, 'REDIS_URL without MQTT_URL: socket.io rooms span nodes, but each node ingests only its own embedded broker');

  // one node's counts are only its partitions' share in a cluster: stored (and taken back) single-node only
  const portalCounts = partitioned ? null : new PortalCountWriter(db);
  // zone counts per hour: in a cluster, written by the node owning the project partition (all its beacons)
  const zoneHours = new ZoneHourWriter(db, partitioned ?? engine);
  // the crossing log: each crossing is counted on the one node holding its project's zone rules
  const crossings = new PortalCrossingWriter(db);
  const tick = setInterval(() => {
    try {
      apply(engine.tick(Date.now()));
      vehicles.sweep(Date.now());
    } catch (err) {
      log.error({ err }, 'rules tick failed');
    }
    portalCounts?.flush(engine, Date.now()).catch((err: unknown) => log.error({ err }, 'portal counts not stored'));
    crossings.flush(partitioned ?? engine).catch((err: unknown) => log.error({ err, dropped: crossings.dropped }, 'portal crossings not stored'));
    zoneHours.tick(Date.now()).catch((err: unknown) => log.error({ err, dropped: zoneHours.dropped }, 'zone hours not stored'));
    spray.tick(Date.now());
  }, RULES_TICK_MS);
  tick.unref();
  timers.push(tick);
  // shelved alarms whose time has passed are unshelved and pushed (every node may run it: docs/api.md "alarm/shelve")
  const stopUnshelve = startUnshelveSweep(db, (alarm) => gateway.pushAlarm(alarm), log);

  const prune = async () => {
    try {
      // day partitions of telemetry stay created a week ahead (a bounded job: at most 9 per run)
      const created = await ensureTelemetryPartitions(db, Date.now());
      if (created.length > 0) log.info({ created }, 'telemetry partitions created');
    } catch (err) {
      log.error({ err }, 'telemetry partition upkeep failed');
    }
    try {
      const retention = { raw: config.telemetryRetentionDays, minute: config.telemetryMinuteRetentionDays, hour: config.telemetryHourRetentionDays };
      const deleted = await deleteOldTelemetry(db, retention, Date.now());
      if (Object.values(deleted).some((n) => n > 0)) log.info({ deleted, retention }, 'old telemetry deleted');
      // gate passes are kept as long as the hour rollups (docs/operations.md "Retention")
      const passes = await deleteOldGatePasses(db, Date.now() - retention.hour * 86_400_000);
      if (passes > 0) log.info({ passes }, 'old gate passes deleted');
      // and so are the cab terminals' clock-ins
      const clockInsDeleted = await pruneClockIns(db, Date.now() - retention.hour * 86_400_000);
      if (clockInsDeleted > 0) log.info({ clockIns: clockInsDeleted }, 'old clock-ins deleted');
      // and so are the portal crossings
      const crossingsDeleted = await deleteOldPortalCrossings(db, Date.now() - retention.hour * 86_400_000);
      if (crossingsDeleted > 0) log.info({ crossings: crossingsDeleted }, 'old portal crossings deleted');
    } catch (err) {
      log.error({ err }, 'telemetry retention failed');
    }
    if (partitioned) {
      try {
        await pruneReceipts(db, Date.now());
      } catch (err) {
        log.error({ err }, 'receipt retention failed');
      }
    }
    try {
      const deleted = await deadLetters.prune(Date.now());
      if (deleted > 0) log.info({ deleted }, 'old dead letters deleted');
    } catch (err) {
      log.error({ err }, 'dead-letter retention failed');
    }
  };
  const firstPrune = setTimeout(() => {
    void prune();
    const hourly = setInterval(() => void prune(), RETENTION_INTERVAL_MS);
    hourly.unref();
    timers.push(hourly);
  }, RETENTION_FIRST_MS);
  firstPrune.unref();
  timers.push(firstPrune);

  // the daily certificate check of the lifting drivers (docs/domain.md "Driver certificates")
  const certificates = async () => {
    try {
      for (const c of await checkCertificates(db, Date.now())) {
        log.warn({ projectId: c.projectId, expired: c.expired.map((d) => d.driverId), expiring: c.expiring.map((d) => d.driverId) }, 'driver certificates expired or expiring within 30 days');
      }
    } catch (err) {
      log.error({ err }, 'driver certificate check failed');
    }
  };
  const firstCertificateCheck = setTimeout(() => {
    void certificates();
    const daily = setInterval(() => void certificates(), CERTIFICATE_CHECK_INTERVAL_MS);
    daily.unref();
    timers.push(daily);
  }, RETENTION_FIRST_MS);
  firstCertificateCheck.unref();
  timers.push(firstCertificateCheck);

  let closing: Promise<void> | null = null;
  return {
    mqttPort,
    mqttListeners,
    hj212Port: hj212?.port ?? null,
    hj212Connections: () => hj212?.connections() ?? 0,
    ingestStats: () => ({
      ...counter.snapshot(),
      alarmWrites: { pending: persister.pendingCount(), dropped: persister.droppedCount(), deadLettered: persister.deadLetterCount() },
      ...(brokerStats ? { broker: brokerStats() } : {}),
      ...(sessionStats ? { mqttSession: sessionStats() } : {}),
    }),
    deviceState: localDeviceState,
    vehicles: (projectId) => vehicles.vehicles(projectId),
    addPortalCounts(projectId, day) {
      single?.addPortalCounts(projectId, day, Date.now());
    },
    async liveState(projectId) {
      const own = { devices: localDeviceState(projectId), zones: ownZoneStats(projectId) };
      const peers = await gateway.peerLiveState(projectId);
      return mergeShares(own, peers, (issue) => log.warn({ issue }, 'live state from another node ignored'));
    },
    publishAlarm(alarm) {
      try {
        apply({ alarms: [], statuses: engine.alarmDealt(alarm, Date.now()) });
        gateway.pushAlarm(alarm);
        cluster?.broadcastDealt(alarm).catch((err: unknown) => log.error({ err }, 'alarm handling not sent to the cluster'));
      } catch (err) {
        log.error({ err }, 'publishAlarm failed');
      }
    },
    async reloadDevices(projectId) {
      await reloadDevices(projectId);
      if (cluster) {
        await cluster.subscribeNewDevices();
        await cluster.broadcastReload(projectId);
      }
    },
    disconnectDevices: (projectId) => (embedded?.disconnectProject(projectId) ?? 0) + (hj212?.disconnectProject(projectId) ?? 0),
    tunnelProgress,
    spray,
    close() {
      closing ??= (async () => {
        for (const t of timers) clearTimeout(t);
        await stopUnshelve();
        await hj212?.close().catch((err: unknown) => log.error({ err }, 'closing the HJ 212 listener failed'));
        await ingest?.close().catch((err: unknown) => log.error({ err }, 'closing MQTT failed'));
        await tunnelProgress.drain();
        await spray.flushed();
        // the last portal counts, so a restart keeps them (after a flush still running)
        await portalCounts?.flush(engine, Date.now(), true).catch((err: unknown) => log.error({ err }, 'portal counts not stored'));
        await crossings.flush(partitioned ?? engine, true).catch((err: unknown) => log.error({ err }, 'portal crossings not stored'));
        // the hour so far, so a restart within the hour resumes from it
        await zoneHours.close(Date.now()).catch((err: unknown) => log.error({ err }, 'zone hours not stored'));
        cycles.stop();
        await cycles.flushed();
        await writer.close();
        await persister.close();
        await unconfiguredWrites;
        await gateway.close();
        await clusterRedis?.close();
      })();
      return closing;
    },
  };
}

/**
 * Whether any device was heard within `windowMs` before `nowMs` (devices.last_seen_ms): with an external
 * broker, the server then consumed through its session recently, so the broker should still hold it.
 */
async function heardWithin(db: Kysely<Database>, windowMs: number, nowMs: number): Promise<boolean> {
  const row = await db.selectFrom('devices').select((eb) => eb.fn.max('last_seen_ms').as('last')).executeTakeFirst();
  const last = row?.last === null || row?.last === undefined ? null : Number(row.last);
  return last !== null && nowMs - last < windowMs;
}
