import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CycleStage, StageConfidence, StageSource, WorkFaceType } from '../../../protocol';

/** The name of each drill-and-blast stage (docs/domain.md "Drill-and-blast cycle"). */
export const STAGE_LABEL: Readonly<Record<CycleStage, MessageDescriptor>> = {
  drilling: msg`Drilling`,
  charging: msg`Charging`,
  blasting: msg`Blasting`,
  ventilation: msg`Ventilation`,
  scaling: msg`Scaling`,
  mucking: msg`Mucking`,
  support: msg`Initial support`,
  idle: msg`Idle`,
};

/** How a stage was identified: by a report from the site, or inferred from gas and beacons. */
export const SOURCE_LABEL: Readonly<Record<StageSource, MessageDescriptor>> = {
  reported: msg`Reported`,
  inferred: msg`Inferred`,
};

export const CONFIDENCE_LABEL: Readonly<Record<StageConfidence, MessageDescriptor>> = {
  high: msg`high confidence`,
  medium: msg`medium confidence`,
  low: msg`low confidence`,
};

export const WORK_FACE_LABEL: Readonly<Record<WorkFaceType, MessageDescriptor>> = {
  excavation: msg`Excavation`,
  lining: msg`Second lining`,
};

/** A colour per stage (timeline bars, trend lines), readable on the dark board and the light theme. */
export const STAGE_COLOUR: Readonly<Record<CycleStage, string>> = {
  drilling: '#3b82f6',
  charging: '#a855f7',
  blasting: '#ef4444',
  ventilation: '#f59e0b',
  scaling: '#eab308',
  mucking: '#8b5e34',
  support: '#10b981',
  idle: '#64748b',
};

/**
 * Root text size of the process widgets on a board panel (page px). The widgets size their text in em of a
 * 16 px screen; at 24 px their smallest text (0.8125 em) is 19.5 page px, at least 12 px on a 1366×768
 * screen, where a 1920×1080 board with its page controls is drawn at about 0.64 (docs/product.md
 * "Validation and display").
 */
export const BOARD_TEXT_PX = 24;
