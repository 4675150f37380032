import type { TunnelInfo } from '../../../protocol';
import type { PersonnelFrame } from '../../panelData';
import { drawPeople, type Ctx2D, type PeopleScene } from './drawPeople';
import { layoutTunnels, MAP_TEXT_PX, mapTextPx } from './layout';

/**
 * The personnel map's people layer drawn off the main thread: the panel hands its canvas to a dedicated
 * worker (`transferControlToOffscreen`), and each personnel frame is posted there. Drawing and, above all,
 * handing the redrawn bitmap to the compositor (the commit, several ms per frame for an 1,800 × 300 map
 * with a software rasteriser) then cost the page's main thread nothing: it only forwards the frame.
 * Where OffscreenCanvas is missing the panel draws the same layer with Konva on the page.
 */

/** Everything the worker needs to lay the map out exactly as the page does (layout.ts), all plain data. */
export interface PeopleCanvasSetup {
  tunnels: TunnelInfo[];
  /** Stage size, page px. */
  width: number;
  height: number;
  /** Canvas pixels per page px (the page's devicePixelRatio). */
  pixelRatio: number;
  /** The board's scale to the screen (mapTextPx); labels are never drawn under 12 screen px. */
  screenScale: number;
  binM: number;
  labelColor: string;
  /** The translated "{n} people" with {@link HEADCOUNT_SLOT} where the number goes. */
  headcountTemplate: string;
}

/** Stands for the count in {@link PeopleCanvasSetup.headcountTemplate} (no language writes it). */
export const HEADCOUNT_SLOT = '\u2063n\u2063';

/**
 * A personnel frame as posted to the worker: each bore's `sns` is left out (cloning thousands of strings
 * per frame was the page's biggest cost left); the worker needs only how many people there are and, for
 * those it labels (in SOS, followed in replay), their index, beacon sn and display name.
 */
export interface PeopleWireFrame extends Omit<PersonnelFrame, 'tunnels'> {
  tunnels: Array<Omit<PersonnelFrame['tunnels'][number], 'sns'> & { count: number; labelled: Array<[index: number, sn: string, name: string]> }>;
}

/** Page → worker. */
export type PeopleCanvasMessage = { type: 'canvas'; canvas: OffscreenCanvas } | { type: 'setup'; setup: PeopleCanvasSetup } | { type: 'frame'; frame: PeopleWireFrame };

/** The wire form of `frame` ({@link PeopleWireFrame}), names from `nameOf`; typed arrays are shared with it, not copied. */
export function toWireFrame(frame: PersonnelFrame, nameOf: (sn: string) => string): PeopleWireFrame {
  const followed = frame.track?.sn;
  return {
    ...frame,
    tunnels: frame.tunnels.map(({ sns, ...rest }) => {
      const labelled: Array<[number, string, string]> = [];
      const label = (i: number) => labelled.push([i, sns[i], nameOf(sns[i])]);
      if (rest.sos.indexOf(1) >= 0) rest.sos.forEach((flag, i) => void (flag && label(i)));
      const i = followed ? sns.indexOf(followed) : -1;
      if (i >= 0) label(i);
      return { ...rest, count: sns.length, labelled };
    }),
  };
}

/**
 * A wire frame back as the PersonnelFrame drawPeople reads (`sns` has the right length, with the sn only
 * where one is labelled: drawPeople reads sns only for the people it names) and the names by sn.
 */
export function fromWireFrame(wire: PeopleWireFrame): { frame: PersonnelFrame; names: Record<string, string> } {
  const names: Record<string, string> = {};
  const frame = {
    ...wire,
    tunnels: wire.tunnels.map(({ count, labelled, ...rest }) => {
      const sns = new Array<string>(count).fill('');
      for (const [i, sn, name] of labelled) {
        sns[i] = sn;
        names[sn] = name;
      }
      return { ...rest, sns };
    }),
  };
  return { frame, names };
}

/** Worker → page, after each draw: how many people the canvas shows now. */
export interface PeopleCanvasDrawn {
  type: 'drawn';
  people: number;
}

/** Whether this browser can draw the map in a worker (OffscreenCanvas with 2D, module workers). */
export function offscreenPeopleSupported(): boolean {
  return (
    typeof Worker === 'function' &&
    typeof OffscreenCanvas === 'function' &&
    typeof HTMLCanvasElement === 'function' &&
    typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function'
  );
}

/**
 * The drawing state of one map, wherever it runs: the worker holds one over its OffscreenCanvas. Frames
 * and setups only mark the canvas dirty; {@link draw} (once per animation frame) paints the newest.
 */
export class PeopleCanvasRenderer {
  private setupValue: PeopleCanvasSetup | null = null;
  private scene: PeopleScene | null = null;
  private names: Record<string, string> = {};
  private frame: PersonnelFrame | null = null;
  private dirty = false;

  constructor(private readonly canvas: { width: number; height: number; getContext(id: '2d'): Ctx2D | null }) {}

  /** A new size, tunnel list, scale or colour: the layout is redone as layout.ts does on the page. */
  setup(setup: PeopleCanvasSetup): void {
    this.setupValue = setup;
    const textPx = (designPx: number) => mapTextPx(designPx, setup.screenScale);
    this.scene = {
      layout: layoutTunnels(setup.tunnels, setup.width, setup.height, textPx(MAP_TEXT_PX.tick)),
      frame: this.frame,
      binM: setup.binM,
      nameOf: (sn) => this.names[sn] ?? sn,
      headcountLabel: (n) => setup.headcountTemplate.replace(HEADCOUNT_SLOT, String(n)),
      labelColor: setup.labelColor,
      textPx,
    };
    this.canvas.width = Math.max(1, Math.round(setup.width * setup.pixelRatio));
    this.canvas.height = Math.max(1, Math.round(setup.height * setup.pixelRatio));
    this.dirty = true;
  }

  /** The newest personnel frame (as posted: {@link fromWireFrame}) and the names it labels. */
  show(frame: PersonnelFrame, names: Record<string, string>): void {
    this.frame = frame;
    this.names = names;
    if (this.scene) this.scene.frame = frame;
    this.dirty = true;
  }

  /** Paints the newest state if anything changed; returns the people drawn, or null when nothing was. */
  draw(): number | null {
    const setup = this.setupValue;
    const ctx = this.canvas.getContext('2d');
    if (!this.dirty || !setup || !this.scene || !ctx) return null;
    this.dirty = false;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.setTransform(setup.pixelRatio, 0, 0, setup.pixelRatio, 0, 0);
    return drawPeople(ctx, this.scene, 0, 'people');
  }
}

/** The page's end: starts the worker, gives it `canvas` (which can no longer be drawn on here), forwards setups and frames. */
export class PeopleCanvasHost {
  private readonly worker: Worker;

  /** @param onDrawn told after each draw how many people the canvas shows. */
  constructor(canvas: HTMLCanvasElement, onDrawn: (people: number) => void) {
    this.worker = new Worker(new URL('./peopleCanvas.worker.ts', import.meta.url), { type: 'module', name: 'siteboard-people-map' });
    this.worker.onmessage = (e: MessageEvent<PeopleCanvasDrawn>) => {
      if (e.data?.type === 'drawn') onDrawn(e.data.people);
    };
    const offscreen = canvas.transferControlToOffscreen();
    this.post({ type: 'canvas', canvas: offscreen }, [offscreen]);
  }

  setup(setup: PeopleCanvasSetup): void {
    this.post({ type: 'setup', setup });
  }

  /**
   * Posts a frame (its wire form, cloned: the page keeps the frame for hover, halos and the text summary);
   * `nameOf` names the people it labels.
   */
  show(frame: PersonnelFrame, nameOf: (sn: string) => string): void {
    this.post({ type: 'frame', frame: toWireFrame(frame, nameOf) });
  }

  dispose(): void {
    this.worker.terminate();
  }

  private post(message: PeopleCanvasMessage, transfer: Transferable[] = []): void {
    this.worker.postMessage(message, transfer);
  }
}
