import type { ComponentType } from 'react';
import { Trans } from '@lingui/react/macro';
import type { Heading, TunnelInfo } from '../../../protocol';
import { SCREEN } from '../../theme/theme';
import { chainageOf } from './BoreProgress';

/** What the widget mounted in a heading's cycle slot receives. */
export interface HeadingCycleWidgetProps {
  projectId: string;
  tunnel: TunnelInfo;
  heading: Heading;
}

/**
 * SLOT: the drill-and-blast cycle widgets of a heading (current stage, previous and next, cycle time and
 * footage; docs/product.md tunnel process screens) are built separately and mounted here with
 * {@link mountHeadingCycleWidget}. Until one is mounted the slot shows the heading's face only.
 */
let widget: ComponentType<HeadingCycleWidgetProps> | null = null;

/** Mounts the cycle widget shown in every heading's slot of the tunnel screen (once, at start-up). */
export function mountHeadingCycleWidget(component: ComponentType<HeadingCycleWidgetProps> | null): void {
  widget = component;
}

/** One heading's box under its bore on the tunnel screen: its name, face and grade, and the cycle slot. */
export function HeadingCycleSlot({ projectId, tunnel, heading }: HeadingCycleWidgetProps) {
  const Widget = widget;
  return (
    <div data-heading-slot={heading.headingId} style={{ border: `1px solid ${SCREEN.panelBorder}`, padding: 12, fontSize: 14 }}>
      <div style={{ fontWeight: 600, fontSize: 16 }}>{heading.name}</div>
      <div style={{ opacity: 0.85 }}>
        <Trans>
          Face {chainageOf(tunnel, heading.faceM)} · grade {heading.rockGrade ?? '—'}
        </Trans>
      </div>
      <div data-slot="heading-cycle" data-heading={heading.headingId}>
        {Widget ? <Widget projectId={projectId} tunnel={tunnel} heading={heading} /> : null}
      </div>
    </div>
  );
}
