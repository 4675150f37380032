import { useCallback, useEffect, useState } from 'react';

/** Local-storage key of a board's sound choice on this screen. */
export function soundKey(boardId: string): string {
  return `siteboard.alarmSound.${boardId}`;
}

/**
 * Whether this screen sounds alarms for `boardId`: off by default, remembered per board in local
 * storage (a wall screen is one browser; a click on it is also the user gesture browsers require before
 * they play audio). Returns the choice and a toggle.
 */
export function useSoundPreference(boardId: string | undefined): [boolean, () => void] {
  const read = () => {
    if (!boardId) return false;
    try {
      return localStorage.getItem(soundKey(boardId)) === 'on';
    } catch {
      return false;
    }
  };
  const [on, setOn] = useState(read);
  useEffect(() => setOn(read()), [boardId]);
  const toggle = useCallback(() => {
    setOn((was) => {
      const next = !was;
      try {
        if (boardId) localStorage.setItem(soundKey(boardId), next ? 'on' : 'off');
      } catch {
        // private mode: the choice lasts for this page only
      }
      return next;
    });
  }, [boardId]);
  return [on, toggle];
}

/** Beep pattern: two tones (Hz) of 180 ms each, repeated every 1.6 s while ringing. */
const TONES_HZ = [880, 660];
const TONE_MS = 180;
const PERIOD_MS = 1600;

/**
 * Rings while `ringing` (Web Audio oscillator beeps; no audio file to load). A browser that refuses
 * audio before a user gesture stays silent until the next click; one without Web Audio stays silent.
 * Bounded: one AudioContext per ringing spell, closed when it stops.
 */
export function useAlarmSound(ringing: boolean): void {
  useEffect(() => {
    if (!ringing) return;
    const Ctx = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
    if (!Ctx) return;
    let ctx: AudioContext;
    try {
      ctx = new Ctx();
    } catch {
      return;
    }
    const beep = () => {
      if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
      TONES_HZ.forEach((hz, i) => {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.frequency.value = hz;
        gain.gain.value = 0.15;
        osc.connect(gain).connect(ctx.destination);
        const t = ctx.currentTime + (i * TONE_MS) / 1000;
        osc.start(t);
        osc.stop(t + TONE_MS / 1000);
      });
    };
    beep();
    const id = setInterval(beep, PERIOD_MS);
    return () => {
      clearInterval(id);
      void ctx.close().catch(() => undefined);
    };
  }, [ringing]);
}
