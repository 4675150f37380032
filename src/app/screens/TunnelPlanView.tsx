import { useRef } from 'react';
import { TunnelPlanPanel } from '../../panels/TunnelPlan/TunnelPlanPanel';
import { tunnelPlanConfigSchema } from '../../panels/TunnelPlan';
import { useElementWidth } from '../../components/useElementHeight';
import { useOpenProject } from '../../stores';
import { useProjectId } from '../shell/useProjectId';

const CONFIG = tunnelPlanConfigSchema.parse({});

/**
 * The tunnel plan on a screen (the tunnel screen's "Plan" view): the board panel over the page's live
 * panel data, as wide as its box and `height` px high. Keeps the project open for live data while shown
 * (people positions come through the live pipeline, as on a board).
 */
export function TunnelPlanView({ height }: { height: number }) {
  useOpenProject(useProjectId());
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  return (
    // min-width 0 and hidden overflow: the drawn canvas must not hold the box at an earlier, wider size
    <div ref={box} style={{ width: '100%', minWidth: 0, height, overflow: 'hidden' }}>
      {width > 0 ? <TunnelPlanPanel panelId="tunnel-screen-plan" config={CONFIG} width={width} height={height} /> : null}
    </div>
  );
}
