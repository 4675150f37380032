import { z } from 'zod';
import { alarmGroupOf, type AlarmGroup } from './alarmGroups';

/**
 * Emergency resources of a project (docs/domain.md "Emergency resources"): risk sources, special emergency
 * plans, emergency materials and the supply points where they are kept. One register of records, each of
 * one {@link EMERGENCY_REGISTERS} kind; supply points are placed by bore and chainage like everything in the
 * tunnel, so an alarm's nearest points can be found (see {@link nearestSupplyPoints}).
 */

/** The four registers. */
export const EMERGENCY_REGISTERS = ['riskSource', 'plan', 'material', 'supplyPoint'] as const;
export type EmergencyRegister = (typeof EMERGENCY_REGISTERS)[number];

/**
 * Risk levels of a risk source, the four-colour grading of safety risk grading control (red major,
 * orange considerable, yellow general, blue low).
 */
export const RISK_LEVELS = ['major', 'considerable', 'general', 'low'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** Accident types a risk source may lead to (the categories of GB 6441 that occur in tunnelling). */
export const ACCIDENT_TYPES = ['collapse', 'waterInrush', 'gasExplosion', 'poisoning', 'blasting', 'fallFromHeight', 'vehicleInjury', 'lifting', 'electrocution', 'fire', 'other'] as const;
export type AccidentType = (typeof ACCIDENT_TYPES)[number];

/** Who controls a risk source: company, project, work section or team level. */
export const CONTROL_LEVELS = ['company', 'project', 'section', 'team'] as const;
export type ControlLevel = (typeof CONTROL_LEVELS)[number];

/** Most records of one register per project (the lists are bounded). */
export const MAX_EMERGENCY_RECORDS = 2000;
/** Most contacts of one plan. */
export const MAX_PLAN_CONTACTS = 20;

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1, 'required').max(max);
/** A phone number as people write it: digits, spaces, `+ - ( )`, 3 to 32 characters. */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^[0-9+\-() ]{3,32}$/, 'not a phone number');
const chainageM = z.number().finite().min(0).max(1_000_000);
const tunnelId = z.string().trim().min(1).max(64);

/** A contact of a plan: name, duty, phone. */
export const planContactSchema = z.strictObject({ name: required(64), duty: text(64).default(''), phone: phoneSchema });
export type PlanContact = z.output<typeof planContactSchema>;

/** A risk source (risk part, level, accident type, execution phase, control level, risks, measures, safety officer). */
export const riskSourceFieldsSchema = z.strictObject({
  register: z.literal('riskSource'),
  riskPart: required(200),
  level: z.enum(RISK_LEVELS),
  accidentType: z.enum(ACCIDENT_TYPES),
  executionPhase: text(100).default(''),
  controlLevel: z.enum(CONTROL_LEVELS),
  potentialRisks: text(2000).default(''),
  controlMeasures: text(2000).default(''),
  safetyOfficer: text(64).default(''),
});

/** A special emergency plan: its name, the accident type it answers, its leader and contacts with phones. */
export const planFieldsSchema = z.strictObject({
  register: z.literal('plan'),
  name: required(200),
  accidentType: z.enum(ACCIDENT_TYPES),
  leader: required(64),
  leaderPhone: phoneSchema,
  contacts: z.array(planContactSchema).max(MAX_PLAN_CONTACTS).default([]),
});

/** An emergency material: species, quantity in its unit, and the section or place where it is kept. */
export const materialFieldsSchema = z.strictObject({
  register: z.literal('material'),
  species: required(100),
  quantity: z.number().finite().min(0).max(1e9),
  unit: required(16),
  section: required(200),
});

/** A supply point: where emergency materials are kept, by bore and chainage, with a contact and phone. */
export const supplyPointFieldsSchema = z.strictObject({
  register: z.literal('supplyPoint'),
  name: required(100),
  tunnelId,
  chainageM,
  contact: required(64),
  phone: phoneSchema,
  /** What is kept there, as text (the material register holds the counts). */
  note: text(500).default(''),
});

/** A record's fields, by register. */
export const emergencyFieldsSchema = z.discriminatedUnion('register', [riskSourceFieldsSchema, planFieldsSchema, materialFieldsSchema, supplyPointFieldsSchema]);
export type EmergencyFields = z.output<typeof emergencyFieldsSchema>;
export type EmergencyFieldsInput = z.input<typeof emergencyFieldsSchema>;
export type RiskSourceFields = z.output<typeof riskSourceFieldsSchema>;
export type PlanFields = z.output<typeof planFieldsSchema>;
export type MaterialFields = z.output<typeof materialFieldsSchema>;
export type SupplyPointFields = z.output<typeof supplyPointFieldsSchema>;

/** What every stored record carries besides its fields. */
const recordMeta = { recordId: z.number(), updatedAtMs: z.number(), updatedBy: z.string() };
/** A stored record (fields plus its id and last change). */
export const emergencyRecordSchema = z.discriminatedUnion('register', [
  riskSourceFieldsSchema.extend(recordMeta),
  planFieldsSchema.extend(recordMeta),
  materialFieldsSchema.extend(recordMeta),
  supplyPointFieldsSchema.extend(recordMeta),
]);
export type EmergencyRecord = z.output<typeof emergencyRecordSchema>;
export type SupplyPoint = Extract<EmergencyRecord, { register: 'supplyPoint' }>;
export type EmergencyPlan = Extract<EmergencyRecord, { register: 'plan' }>;

/** A supply point with how far it is from the place asked, in metres along the bore. */
export type NearbySupplyPoint = SupplyPoint & { distanceM: number };

/** Supply points an alarm's detail lists at most. */
export const NEAREST_SUPPLY_POINTS = 3;

/**
 * The supply points of bore `tunnelId` nearest to `chainageM`, by distance along the bore (|Δ chainage|, m),
 * nearest first, at most `limit`; ties by name. Points of other bores are left out: a person cannot reach
 * them without a cross passage, and the plan of an emergency speaks of the bore it happens in.
 */
export function nearestSupplyPoints(points: readonly SupplyPoint[], tunnelId: string, chainageM: number, limit = NEAREST_SUPPLY_POINTS): NearbySupplyPoint[] {
  return points
    .filter((p) => p.tunnelId === tunnelId)
    .map((p) => ({ ...p, distanceM: Math.abs(p.chainageM - chainageM) }))
    .sort((a, b) => a.distanceM - b.distanceM || a.name.localeCompare(b.name))
    .slice(0, Math.max(0, limit));
}

/**
 * The plans an alarm of `accidentTypes` calls on: those answering one of them, else every plan (a site
 * keeps a general plan for the rest). Order kept.
 */
export function plansFor(plans: readonly EmergencyPlan[], accidentTypes: readonly AccidentType[]): EmergencyPlan[] {
  const matching = plans.filter((p) => accidentTypes.includes(p.accidentType));
  return matching.length > 0 ? matching : [...plans];
}

/**
 * The accident types an alarm calls the emergency plans for: an SOS any (an empty list: every plan), a gas
 * alarm gas explosion and poisoning (protocol/alarmGroups.ts `gas`); null for an alarm that is no
 * emergency (its detail lists no supply points). `deviceOffline` alarms are none.
 */
export function emergencyAccidentTypes(alarm: { kind: string; deviceKind: string }): AccidentType[] | null {
  if (alarm.kind === 'sos') return [];
  return ACCIDENT_TYPES_OF_GROUP[alarmGroupOf(alarm.kind, alarm.deviceKind)] ?? null;
}

/** The alarm groups (protocol/alarmGroups.ts) that are emergencies, and the accident types of their plans. */
const ACCIDENT_TYPES_OF_GROUP: Partial<Record<AlarmGroup, AccidentType[]>> = { gas: ['gasExplosion', 'poisoning'] };
