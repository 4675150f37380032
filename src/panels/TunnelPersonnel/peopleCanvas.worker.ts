/// <reference lib="webworker" />
/**
 * The personnel map's people layer, drawn in this dedicated worker on the canvas the panel transferred
 * (peopleCanvas.ts). Messages only mark it dirty; one draw per animation frame paints the newest state, so
 * a burst of frames costs one draw.
 */
import { fromWireFrame, PeopleCanvasRenderer, type PeopleCanvasDrawn, type PeopleCanvasMessage } from './peopleCanvas';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let renderer: PeopleCanvasRenderer | null = null;
let scheduled = false;

function scheduleDraw(): void {
  if (scheduled || !renderer) return;
  scheduled = true;
  const run = () => {
    scheduled = false;
    const people = renderer?.draw();
    if (people != null) scope.postMessage({ type: 'drawn', people } satisfies PeopleCanvasDrawn);
  };
  if (typeof scope.requestAnimationFrame === 'function') scope.requestAnimationFrame(run);
  else setTimeout(run, 16);
}

scope.onmessage = (e: MessageEvent<PeopleCanvasMessage>) => {
  const msg = e.data;
  switch (msg.type) {
    case 'canvas':
      renderer = new PeopleCanvasRenderer(msg.canvas);
      return;
    case 'setup':
      renderer?.setup(msg.setup);
      break;
    case 'frame': {
      const { frame, names } = fromWireFrame(msg.frame);
      renderer?.show(frame, names);
      break;
    }
  }
  scheduleDraw();
};
