/**
 * Gases measured by tunnel air stations, with the units shown to users (docs/domain.md "Tunnel air").
 */
export const GAS_CODES = ['CO', 'H2S', 'NH3', 'O2', 'CH4', 'H2', 'CO2', 'dust', 'NO2', 'SO2', 'acrolein'] as const;
export type GasCode = (typeof GAS_CODES)[number];

export type GasUnit = 'ppm' | '%vol' | 'mg/m³';

/** Unit each gas is published and shown in. */
export const GAS_UNIT: Record<GasCode, GasUnit> = {
  CO: 'ppm',
  H2S: 'ppm',
  NH3: 'ppm',
  O2: '%vol',
  CH4: '%vol',
  H2: '%vol',
  CO2: '%vol',
  dust: 'mg/m³',
  NO2: 'ppm',
  SO2: 'ppm',
  acrolein: 'mg/m³',
};

/**
 * Physical plausibility ceiling per gas in its unit: a reading above it is a sensor or transport fault,
 * not air. ppm gases: electrochemical cells saturate well below 10 000 ppm; %vol is at most 100; dust
 * analysers top out near 1000 mg/m³.
 */
export const GAS_MAX: Record<GasCode, number> = {
  CO: 10_000,
  H2S: 10_000,
  NH3: 10_000,
  O2: 100,
  CH4: 100,
  H2: 100,
  CO2: 100,
  dust: 1_000,
  NO2: 10_000,
  SO2: 10_000,
  acrolein: 1_000,
};
