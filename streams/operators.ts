import { animationFrameScheduler, Observable, type OperatorFunction, type SchedulerLike, type Subscription } from 'rxjs';

/**
 * Small RxJS operators for the live stream graph. They pace work to the display: the main thread does at
 * most one unit of work per animation frame, whatever the message rate.
 */

/** Default bound of bufferAnimationFrame: a hidden tab pauses animation frames, the buffer must not grow. */
export const DEFAULT_FRAME_BUFFER_MAX = 10_000;

/**
 * Collects values and emits them as one array per animation frame (nothing for frames without values).
 * When `maxItems` values pile up before a frame (hidden tabs get no frames), they are emitted at once,
 * so memory stays bounded and nothing is lost. Pending values are emitted on completion.
 * @param opts.scheduler frame scheduler (tests pass a virtual one).
 */
export function bufferAnimationFrame<T>(opts?: { maxItems?: number; scheduler?: SchedulerLike }): OperatorFunction<T, T[]> {
  const maxItems = Math.max(1, opts?.maxItems ?? DEFAULT_FRAME_BUFFER_MAX);
  const scheduler = opts?.scheduler ?? animationFrameScheduler;
  return (source) =>
    new Observable<T[]>((subscriber) => {
      let buffer: T[] = [];
      let pending: Subscription | null = null;
      const flush = () => {
        pending?.unsubscribe();
        pending = null;
        if (buffer.length === 0) return;
        const out = buffer;
        buffer = [];
        subscriber.next(out);
      };
      const sub = source.subscribe({
        next(v) {
          buffer.push(v);
          if (buffer.length >= maxItems) flush();
          else if (pending === null) pending = scheduler.schedule(flush);
        },
        error(e) {
          subscriber.error(e);
        },
        complete() {
          flush();
          subscriber.complete();
        },
      });
      return () => {
        sub.unsubscribe();
        pending?.unsubscribe();
        buffer = [];
      };
    });
}

/**
 * Emits the latest value at most once per animation frame (values superseded within a frame are
 * dropped). The last value is emitted on completion.
 * @param opts.scheduler frame scheduler (tests pass a virtual one).
 */
export function throttleToFrame<T>(opts?: { scheduler?: SchedulerLike }): OperatorFunction<T, T> {
  const scheduler = opts?.scheduler ?? animationFrameScheduler;
  return (source) =>
    new Observable<T>((subscriber) => {
      let latest: T | undefined;
      let has = false;
      let pending: Subscription | null = null;
      const flush = () => {
        pending?.unsubscribe();
        pending = null;
        if (!has) return;
        const v = latest as T;
        has = false;
        latest = undefined;
        subscriber.next(v);
      };
      const sub = source.subscribe({
        next(v) {
          latest = v;
          has = true;
          if (pending === null) pending = scheduler.schedule(flush);
        },
        error(e) {
          subscriber.error(e);
        },
        complete() {
          flush();
          subscriber.complete();
        },
      });
      return () => {
        sub.unsubscribe();
        pending?.unsubscribe();
      };
    });
}

/** Default bound of latestBy. */
export const DEFAULT_LATEST_BY_MAX_KEYS = 4096;

/**
 * Keeps the latest value per key and emits a new Map (a snapshot, safe to keep) after every value. The key
 * updated last is iterated last; beyond `maxKeys` the least recently updated key is dropped.
 * Cost O(keys) per emission: place it behind a batch and in front of throttleToFrame when rates are high.
 */
export function latestBy<T, K>(keyFn: (v: T) => K, opts?: { maxKeys?: number }): OperatorFunction<T, ReadonlyMap<K, T>> {
  const maxKeys = Math.max(1, opts?.maxKeys ?? DEFAULT_LATEST_BY_MAX_KEYS);
  return (source) =>
    new Observable<ReadonlyMap<K, T>>((subscriber) => {
      const latest = new Map<K, T>();
      return source.subscribe({
        next(v) {
          const k = keyFn(v);
          latest.delete(k);
          latest.set(k, v);
          if (latest.size > maxKeys) latest.delete(latest.keys().next().value as K);
          subscriber.next(new Map(latest));
        },
        error(e) {
          subscriber.error(e);
        },
        complete() {
          subscriber.complete();
        },
      });
    });
}
