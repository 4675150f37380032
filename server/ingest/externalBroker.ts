import { connectAsync, type MqttClient } from 'mqtt';
import { TOPIC_ROOT } from '../../protocol';

/** Subscription of the server on an external broker: every device topic of every project. */
export const DEVICE_SUBSCRIPTION = `${TOPIC_ROOT}/+/+/+/+`;

/** Options of the external-broker consumer. */
export interface ExternalBrokerOptions {
  /** MQTT_URL, e.g. mqtt://user:pass@broker:1883 (credentials of the server's own account). */
  url: string;
  onMessage(topic: string, payload: Buffer): void;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

/** A running consumer. */
export interface ExternalBroker {
  /** Disconnects. Idempotent. */
  close(): Promise<void>;
}

/**
 * Connects to an external MQTT broker as a client and subscribes to DEVICE_SUBSCRIPTION with QoS 1.
 * The external broker authenticates devices and restricts each to its project (docs/operations.md).
 * Reconnects every 2 s forever; mqtt.js resubscribes after a reconnect. The first connection is
 * waited for, so a wrong URL fails the start instead of retrying silently.
 * @throws the connection error when the first connection fails
 */
export async function startExternalBroker(opts: ExternalBrokerOptions): Promise<ExternalBroker> {
  const client: MqttClient = await connectAsync(opts.url, {
    clientId: `siteboard-${process.pid}-${Math.random().toString(16).slice(2, 10)}`,
    clean: true,
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
    resubscribe: true,
  });
  client.on('message', (topic, payload) => {
    try {
      opts.onMessage(topic, payload);
    } catch (err) {
      opts.log.error({ err }, 'device message handler threw');
    }
  });
  client.on('reconnect', () => opts.log.warn({ url: redact(opts.url) }, 'MQTT reconnecting'));
  client.on('connect', () => opts.log.info({ url: redact(opts.url) }, 'MQTT connected'));
  client.on('error', (err) => opts.log.error({ err: err.message }, 'MQTT client error'));
  await client.subscribeAsync(DEVICE_SUBSCRIPTION, { qos: 1 });

  let closing: Promise<void> | null = null;
  return {
    close() {
      closing ??= client.endAsync().then(() => undefined);
      return closing;
    },
  };
}

/** The URL without its password, for logs. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid url)';
  }
}
