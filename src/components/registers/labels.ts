import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AccidentType, ControlLevel, EmergencyRegister, InspectionCategory, InspectionSeverity, InspectionState, RiskLevel } from '../../../protocol';

/** The emergency registers (docs/domain.md "Emergency resources"). */
export const EMERGENCY_REGISTER_LABEL: Record<EmergencyRegister, MessageDescriptor> = {
  riskSource: msg`Risk sources`,
  plan: msg`Emergency plans`,
  material: msg`Materials`,
  supplyPoint: msg`Supply points`,
};

/** Risk levels, the four-colour grading (red major … blue low). */
export const RISK_LEVEL_LABEL: Record<RiskLevel, MessageDescriptor> = {
  major: msg`Major (red)`,
  considerable: msg`Considerable (orange)`,
  general: msg`General (yellow)`,
  low: msg`Low (blue)`,
};

/** The colours of the four-colour risk grading. */
export const RISK_LEVEL_COLOR: Record<RiskLevel, string> = { major: '#e5484d', considerable: '#f76b15', general: '#e2b203', low: '#3e8ed0' };

/** Accident types (GB 6441 categories found in tunnelling). */
export const ACCIDENT_TYPE_LABEL: Record<AccidentType, MessageDescriptor> = {
  collapse: msg`Collapse`,
  waterInrush: msg`Water inrush`,
  gasExplosion: msg`Gas explosion`,
  poisoning: msg`Poisoning and asphyxiation`,
  blasting: msg`Blasting`,
  fallFromHeight: msg`Fall from height`,
  vehicleInjury: msg`Vehicle injury`,
  lifting: msg`Lifting injury`,
  electrocution: msg`Electrocution`,
  fire: msg`Fire`,
  other: msg`Other`,
};

/** Control levels of a risk source. */
export const CONTROL_LEVEL_LABEL: Record<ControlLevel, MessageDescriptor> = {
  company: msg`Company`,
  project: msg`Project`,
  section: msg`Work section`,
  team: msg`Team`,
};

export const INSPECTION_CATEGORY_LABEL: Record<InspectionCategory, MessageDescriptor> = { quality: msg`Quality`, safety: msg`Safety` };
export const INSPECTION_SEVERITY_LABEL: Record<InspectionSeverity, MessageDescriptor> = { minor: msg`Minor`, general: msg`General`, major: msg`Major` };
export const INSPECTION_STATE_LABEL: Record<InspectionState | 'overdue', MessageDescriptor> = {
  open: msg`Open`,
  awaitingReview: msg`Awaiting review`,
  closed: msg`Closed`,
  overdue: msg`Overdue`,
};
