export { VEHICLE_COLOR, VEHICLE_SOURCE_LABEL, VEHICLE_TYPE_LABEL, vehicleChainage, vehiclesPerBore } from './labels';
export { VehicleCard } from './VehicleCard';
export { VEHICLE_ICON_ASPECT, VehicleIcon } from './VehicleIcon';
export { sortVehicles, VehicleTable } from './VehicleTable';
