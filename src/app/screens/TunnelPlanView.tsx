import { useRef } from 'react';
import { TunnelPlanPanel } from '../../panels/TunnelPlan/TunnelPlanPanel';
import { tunnelPlanConfigSchema } from '../../panels/TunnelPlan';
import { useElementWidth } from '../../components/useElementHeight';

const CONFIG = tunnelPlanConfigSchema.parse({});

/**
 * The tunnel plan on a screen (the tunnel screen's "Plan" view): the board panel over the page's live
 * panel data, as wide as its box and `height` px high.
 */
export function TunnelPlanView({ height }: { height: number }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  return (
    <div ref={box} style={{ width: '100%', height }}>
      {width > 0 ? <TunnelPlanPanel panelId="tunnel-screen-plan" config={CONFIG} width={width} height={height} /> : null}
    </div>
  );
}
