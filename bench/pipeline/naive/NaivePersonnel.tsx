import { useEffect } from 'react';
import { Circle, Layer, Rect, Stage } from 'react-konva';
import type { BeaconTelemetry } from '../../../protocol';
import type { Metrics } from '../metrics';
import { SCENE } from '../scene';

/** The latest beacon message of one person, tagged with its project. */
export type PersonRow = { sn: string; projectId: string } & BeaconTelemetry;

/** A stable lane per card so dots do not jump vertically between renders. */
function laneY(sn: string): number {
  let h = 0;
  for (let i = 0; i < sn.length; i++) h = (h * 31 + sn.charCodeAt(i)) | 0;
  return 20 + (Math.abs(h) % (SCENE.stripHeightPx - 40));
}

/**
 * The baseline strip: one react-konva Circle per person, re-rendered with every state change.
 * `newestTsMs` is the newest beacon `ts` folded into the state this render shows.
 */
export function NaivePersonnel({ people, newestTsMs, metrics }: { people: PersonRow[]; newestTsMs: number; metrics: Metrics }) {
  // react-konva has scheduled the layer's draw for the next frame by the time effects run.
  useEffect(() => {
    metrics.raw.peopleDrawn = people.length;
    metrics.applied('personnel', newestTsMs);
  }, [people, newestTsMs, metrics]);
  const scale = SCENE.stripWidthPx / SCENE.tunnelLengthM;
  return (
    <Stage width={SCENE.stripWidthPx} height={SCENE.stripHeightPx}>
      <Layer>
        <Rect x={0} y={0} width={SCENE.stripWidthPx} height={SCENE.stripHeightPx} fill="#1e293b" />
        {people.map((p) => (
          <Circle key={p.sn} x={p.chainageM * scale} y={laneY(p.sn)} radius={2.6} fill={p.sos ? '#ff4d4f' : '#e2e8f0'} />
        ))}
      </Layer>
    </Stage>
  );
}
