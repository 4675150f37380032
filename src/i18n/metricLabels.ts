import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { DEVICE_KIND_REGISTRY, type KindLabel } from '../../protocol';

/**
 * Translations of the texts the device-kind descriptors name (protocol/kinds: each kind's label and each
 * metric's label, as `{ id, message }` with the English default). protocol imports only zod, so the
 * Lingui messages live here, keyed by the descriptor's label id; metricLabels.test.ts checks that every
 * label of every registered kind is here with the same English text.
 */
export const KIND_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  'kind.gas': msg`Gas station`,
  'kind.beacon': msg`Personnel beacon`,
  'kind.towerCrane': msg`Tower crane`,
  'kind.camera': msg`Camera`,

  'metric.gas.CO': msg`Carbon monoxide (CO)`,
  'metric.gas.H2S': msg`Hydrogen sulphide (H₂S)`,
  'metric.gas.NH3': msg`Ammonia (NH₃)`,
  'metric.gas.O2': msg`Oxygen (O₂)`,
  'metric.gas.CH4': msg`Methane (CH₄)`,
  'metric.gas.H2': msg`Hydrogen (H₂)`,
  'metric.gas.CO2': msg`Carbon dioxide (CO₂)`,
  'metric.gas.dust': msg`Dust`,
  'metric.gas.NO2': msg`Nitrogen dioxide (NO₂)`,
  'metric.gas.SO2': msg`Sulphur dioxide (SO₂)`,
  'metric.gas.acrolein': msg`Acrolein`,

  'metric.beacon.chainageM': msg`Distance from portal`,
  'metric.beacon.battery': msg`Battery`,
  'metric.beacon.sos': msg`SOS`,
  'metric.beacon.heartRate': msg`Heart rate`,
  'metric.beacon.spo2': msg`Blood oxygen`,
  'metric.beacon.bodyTempC': msg`Body temperature`,
  'metric.beacon.sbp': msg`Systolic blood pressure`,
  'metric.beacon.dbp': msg`Diastolic blood pressure`,
  'metric.beacon.fall': msg`Fall detected`,
  'metric.beacon.tamper': msg`Device tampered`,
  'metric.beacon.static': msg`Static (no motion)`,
  'metric.beacon.lampFault': msg`Miner lamp fault`,
  'metric.beacon.bluetoothFault': msg`Bluetooth device fault`,
  'metric.beacon.voltageV': msg`Supply voltage`,

  'metric.towerCrane.radiusM': msg`Radius`,
  'metric.towerCrane.rotationDeg': msg`Slew angle`,
  'metric.towerCrane.heightM': msg`Hook height`,
  'metric.towerCrane.momentPct': msg`Moment`,
  'metric.towerCrane.loadT': msg`Load`,
  'metric.towerCrane.tiltDeg': msg`Tilt`,
  'metric.towerCrane.windSpeedMps': msg`Wind speed`,
  'metric.towerCrane.antiCollision': msg`Anti-collision intervening`,
  'metric.towerCrane.limitSwitch': msg`Limit switch tripped`,
  'metric.towerCrane.restrictedZone': msg`In a restricted zone`,

  'kind.constructionElevator': msg`Construction elevator`,
  'kind.bridgeGirderErector': msg`Bridge girder erector`,
  'kind.gantryCrane': msg`Gantry crane`,
  'kind.yardCrane': msg`Yard crane`,
  'kind.cycleStage': msg`Process stage reporter`,
  'kind.gate': msg`Access gate`,
  'kind.cabFace': msg`Cab clock-in terminal`,
  'kind.vehicle': msg`Construction vehicle`,
  'metric.vehicle.chainageM': msg`Distance from portal`,
  'metric.vehicle.battery': msg`Battery`,
  'metric.vehicle.speedKmh': msg`Speed`,
  'metric.vehicle.personGapM': msg`Nearest person while moving`,

  'metric.constructionElevator.leftLoadT': msg`Left cage load`,
  'metric.constructionElevator.leftLoadPct': msg`Left cage load (of rated)`,
  'metric.constructionElevator.leftHeightM': msg`Left cage height`,
  'metric.constructionElevator.leftFloor': msg`Left cage floor`,
  'metric.constructionElevator.leftSpeedMps': msg`Left cage speed`,
  'metric.constructionElevator.leftDoorOpen': msg`Left cage door open`,
  'metric.constructionElevator.leftOccupants': msg`Left cage occupants`,
  'metric.constructionElevator.leftLimitSwitch': msg`Left cage limit switch tripped`,
  'metric.constructionElevator.leftTiltDeg': msg`Left cage tilt`,
  'metric.constructionElevator.rightLoadT': msg`Right cage load`,
  'metric.constructionElevator.rightLoadPct': msg`Right cage load (of rated)`,
  'metric.constructionElevator.rightHeightM': msg`Right cage height`,
  'metric.constructionElevator.rightFloor': msg`Right cage floor`,
  'metric.constructionElevator.rightSpeedMps': msg`Right cage speed`,
  'metric.constructionElevator.rightDoorOpen': msg`Right cage door open`,
  'metric.constructionElevator.rightOccupants': msg`Right cage occupants`,
  'metric.constructionElevator.rightLimitSwitch': msg`Right cage limit switch tripped`,
  'metric.constructionElevator.rightTiltDeg': msg`Right cage tilt`,
  'metric.constructionElevator.windSpeedMps': msg`Wind speed`,

  'metric.bridgeGirderErector.frontLoadT': msg`Front trolley load`,
  'metric.bridgeGirderErector.frontLoadPct': msg`Front trolley load (of rated)`,
  'metric.bridgeGirderErector.rearLoadT': msg`Rear trolley load`,
  'metric.bridgeGirderErector.rearLoadPct': msg`Rear trolley load (of rated)`,
  'metric.bridgeGirderErector.frontHookHeightM': msg`Front hook height`,
  'metric.bridgeGirderErector.rearHookHeightM': msg`Rear hook height`,
  'metric.bridgeGirderErector.windSpeedMps': msg`Wind speed`,
  'metric.bridgeGirderErector.levelnessDeg': msg`Out of level`,
  'metric.bridgeGirderErector.travelPosM': msg`Travel position`,

  'metric.gantryCrane.loadT': msg`Load`,
  'metric.gantryCrane.loadPct': msg`Load (of rated)`,
  'metric.gantryCrane.hookHeightM': msg`Hook height`,
  'metric.gantryCrane.trolleyPosM': msg`Trolley position`,
  'metric.gantryCrane.travelPosM': msg`Travel position`,
  'metric.gantryCrane.windSpeedMps': msg`Wind speed`,
  'metric.gantryCrane.railClamp': msg`Rail clamps on`,

  'metric.yardCrane.loadT': msg`Load`,
  'metric.yardCrane.radiusM': msg`Radius`,
  'metric.yardCrane.boomAngleDeg': msg`Boom angle`,
  'metric.yardCrane.boomLengthM': msg`Boom length`,
  'metric.yardCrane.momentPct': msg`Moment`,
  'metric.yardCrane.outriggersSet': msg`Outriggers set`,
  'metric.yardCrane.tiltDeg': msg`Tilt`,
  'metric.yardCrane.windSpeedMps': msg`Wind speed`,

  'kind.environment': msg`Environment monitor`,
  'metric.environment.pm25': msg`PM2.5`,
  'metric.environment.pm10': msg`PM10`,
  'metric.environment.tsp': msg`TSP`,
  'metric.environment.noise': msg`Noise`,
  'metric.environment.temperature': msg`Temperature`,
  'metric.environment.humidity': msg`Humidity`,
  'metric.environment.windSpeed': msg`Wind speed`,
  'metric.environment.windDirection': msg`Wind direction`,
  'metric.environment.pressure': msg`Air pressure`,
  'metric.environment.rainfallMm': msg`Rainfall`,
  'metric.environment.pm25Flag': msg`PM2.5 data flag`,
  'metric.environment.pm10Flag': msg`PM10 data flag`,
  'metric.environment.tspFlag': msg`TSP data flag`,
  'metric.environment.noiseFlag': msg`Noise data flag`,
  'metric.environment.temperatureFlag': msg`Temperature data flag`,
  'metric.environment.humidityFlag': msg`Humidity data flag`,
  'metric.environment.windSpeedFlag': msg`Wind speed data flag`,
  'metric.environment.windDirectionFlag': msg`Wind direction data flag`,
  'metric.environment.pressureFlag': msg`Air pressure data flag`,
  'metric.environment.rainfallMmFlag': msg`Rainfall data flag`,
  'metric.environment.noiseNight': msg`Noise (night limit)`,
  'kind.fogCannon': msg`Fog cannon`,
  'metric.fogCannon.spraying': msg`Spraying`,
  'metric.fogCannon.waterLevelPct': msg`Water tank`,
  'kind.tunnelProgress': msg`Tunnel progress`,
  'metric.tunnelProgress.invertToFace': msg`Invert to face distance`,
  'metric.tunnelProgress.liningToFace': msg`Lining to face distance`,
};

/** A descriptor label in the active language; its English default when no translation is listed. */
export function translateLabel(i18n: I18n, label: KindLabel): string {
  const m = KIND_LABELS[label.id];
  return m ? i18n._(m) : label.message;
}

/** The name of a device kind in the active language; the raw kind for one the registry does not know. */
export function kindLabel(i18n: I18n, kind: string): string {
  const d = DEVICE_KIND_REGISTRY.get(kind);
  return d ? translateLabel(i18n, d.label) : kind;
}

/** The name of metric `key` of `kind` in the active language; the raw key for one the kind does not have. */
export function metricLabel(i18n: I18n, kind: string, key: string): string {
  const m = DEVICE_KIND_REGISTRY.metric(kind, key);
  return m ? translateLabel(i18n, m.label) : key;
}
