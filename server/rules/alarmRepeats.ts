import type { AlarmLevel } from '../../protocol';
import type { AlarmDraft } from './types';

/** Default shortest time between two writes and pushes of one open alarm's repeats (ms): ALARM_REPEAT_PUSH_MS. */
export const DEFAULT_ALARM_REPEAT_PUSH_MS = 1_000;

/** Alarms whose repeats are held at most; beyond it the oldest held one is released at once (written early, never dropped). */
export const MAX_HELD_ALARM_REPEATS = 10_000;

/**
 * Held alarms are released on a grid of this many ms (a tenth of the interval, 10–100 ms), so alarms that
 * fell due within one step are written in one transaction and pushed in one burst instead of one by one.
 */
function releaseStepMs(intervalMs: number): number {
  return Math.max(10, Math.min(100, Math.round(intervalMs / 10)));
}

const LEVEL_RANK: Record<AlarmLevel, number> = { warning: 1, alarm: 2 };

/** Device messages kept per held alarm (the newest), for their receipts or dead letters. */
const MAX_HELD_ORIGINS = 64;

/**
 * One alarm as the gate knows it: the level and state last let through and when; the level and state last
 * offered, and when they last changed (a flip: -Infinity until the first one after raising).
 */
interface Mark {
  level: AlarmLevel;
  state: 'active' | 'cleared';
  atMs: number;
  seenLevel: AlarmLevel;
  seenState: 'active' | 'cleared';
  flipAtMs: number;
}

/** A held alarm: due to be written at `dueMs`, with the device messages behind the repeats it counts. */
interface Held<O> {
  dueMs: number;
  origins: O[];
}

/**
 * Bounds how often the repeats of one open alarm are written and pushed (docs/api.md "Alarm repeat
 * rate"). The rules change the alarm draft in memory on every repeat (re-activation, new lastSeen, value,
 * peak, repeatCount + 1); this gate decides whether that change goes to the database now or is held and
 * written, with whatever the draft then holds, `intervalMs` after the alarm's last write.
 *
 * Let through at once: a new alarm (no id yet), one the gate has not seen (restored at start), a level
 * above the last one let through, a level or state (active/cleared) change when the alarm's previous
 * change of level or state is at least `intervalMs` old (the first one after raising always), and any
 * change when the alarm's last write is at least `intervalMs` old. Held: everything else, i.e. repeats,
 * and the flips of a chattering alarm (a change within `intervalMs` of the previous one, ISA-18.2
 * "chattering alarm"), until `intervalMs` after its last write. So a chattering alarm costs one write per
 * interval, with the state and count it then has.
 *
 * Memory: a mark per draft (a WeakMap, gone with the draft) and at most `maxHeld` held alarms.
 * @typeParam O the device message kept with a held repeat (for its receipt or dead letter)
 */
export class AlarmRepeatGate<O> {
  private readonly marks = new WeakMap<AlarmDraft, Mark>();
  private readonly held = new Map<AlarmDraft, Held<O>>();
  private timer: NodeJS.Timeout | null = null;
  private timerDueMs = Infinity;
  private readonly stepMs: number;

  /**
   * @param intervalMs shortest time between two writes of one alarm's repeats (ms, > 0)
   * @param release takes held alarms whose time has come (or all of them on {@link releaseAll}), to be written
   */
  constructor(
    private readonly intervalMs: number,
    private readonly release: (draft: AlarmDraft, origins: O[]) => void,
    private readonly now: () => number = Date.now,
    private readonly maxHeld = MAX_HELD_ALARM_REPEATS,
  ) {
    this.stepMs = releaseStepMs(intervalMs);
  }

  /**
   * Offers a changed draft. @returns null when it is held (counted in memory, written later), otherwise
   * the origins of the repeats held so far, to be written now together with this change.
   */
  offer(draft: AlarmDraft, origin: O | undefined): O[] | null {
    const nowMs = this.now();
    const mark = this.marks.get(draft);
    const held = this.held.get(draft);
    const due = !mark || this.dueNow(draft, mark, nowMs);
    if (mark && (draft.level !== mark.seenLevel || draft.state !== mark.seenState)) {
      mark.seenLevel = draft.level;
      mark.seenState = draft.state;
      mark.flipAtMs = nowMs;
    }
    if (draft.alarmId !== null && !due) {
      if (held) {
        if (origin !== undefined) held.origins.push(origin);
        if (held.origins.length > MAX_HELD_ORIGINS) held.origins.shift();
      } else {
        this.held.set(draft, { dueMs: mark!.atMs + this.intervalMs, origins: origin === undefined ? [] : [origin] });
        this.schedule(mark!.atMs + this.intervalMs);
        if (this.held.size > this.maxHeld) this.releaseOldest();
      }
      return null;
    }
    this.held.delete(draft);
    this.let(draft, mark, nowMs);
    const origins = held?.origins ?? [];
    if (origin !== undefined) origins.push(origin);
    return origins;
  }

  /** Releases every held alarm now (shutdown, a cluster hand-over). */
  releaseAll(): void {
    const all = [...this.held];
    this.held.clear();
    this.unschedule();
    for (const [draft, h] of all) this.releaseOne(draft, h);
  }

  /** Alarms whose repeats are held. */
  heldCount(): number {
    return this.held.size;
  }

  private dueNow(draft: AlarmDraft, mark: Mark, nowMs: number): boolean {
    if (LEVEL_RANK[draft.level] > LEVEL_RANK[mark.level]) return true;
    const changed = draft.level !== mark.level || draft.state !== mark.state;
    const flipped = draft.level !== mark.seenLevel || draft.state !== mark.seenState;
    // a change of a quiet alarm goes at once; one of a chattering alarm waits for its next write
    if (changed && flipped && nowMs - mark.flipAtMs >= this.intervalMs) return true;
    return nowMs - mark.atMs >= this.intervalMs;
  }

  private let(draft: AlarmDraft, mark: Mark | undefined, nowMs: number): void {
    // raising is not a flip: the first clear or level change after it goes at once
    this.marks.set(draft, { level: draft.level, state: draft.state, atMs: nowMs, seenLevel: draft.level, seenState: draft.state, flipAtMs: mark?.flipAtMs ?? -Infinity });
  }

  private releaseOne(draft: AlarmDraft, h: Held<O>): void {
    this.let(draft, this.marks.get(draft), this.now());
    this.release(draft, h.origins);
  }

  private releaseOldest(): void {
    const [draft, h] = this.held.entries().next().value!;
    this.held.delete(draft);
    this.releaseOne(draft, h);
  }

  private schedule(earliestMs: number): void {
    const dueMs = Math.ceil(earliestMs / this.stepMs) * this.stepMs;
    if (this.timer && dueMs >= this.timerDueMs) return;
    this.unschedule();
    this.timerDueMs = dueMs;
    this.timer = setTimeout(() => this.onTimer(), Math.max(0, dueMs - this.now()));
    this.timer.unref();
  }

  private unschedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerDueMs = Infinity;
  }

  /** Releases the held alarms that are due; schedules the next one. O(held) per firing. */
  private onTimer(): void {
    this.timer = null;
    this.timerDueMs = Infinity;
    const nowMs = this.now();
    const due: Array<[AlarmDraft, Held<O>]> = [];
    let next = Infinity;
    for (const [draft, h] of this.held) {
      if (h.dueMs <= nowMs) due.push([draft, h]);
      else next = Math.min(next, h.dueMs);
    }
    for (const [draft] of due) this.held.delete(draft);
    for (const [draft, h] of due) this.releaseOne(draft, h);
    if (next !== Infinity) this.schedule(next);
  }
}
