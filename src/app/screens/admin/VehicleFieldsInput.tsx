import { Field, Input, Select } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { VEHICLE_SOURCES, VEHICLE_TYPES, type VehicleFields } from '../../../../protocol';
import { VEHICLE_SOURCE_LABEL, VEHICLE_TYPE_LABEL } from '../../../components/vehicles';

/** The registry fields of a construction vehicle (plate, type, driver, source), for the add form and the edit dialog of a vehicle kind. */
export function VehicleFieldsInput({ value, onChange }: { value: VehicleFields; onChange: (v: VehicleFields) => void }) {
  const { t, i18n } = useLingui();
  return (
    <>
      <Field label={t`Plate`} required>
        <Input value={value.plate} onChange={(_, d) => onChange({ ...value, plate: d.value })} />
      </Field>
      <Field label={t`Vehicle type`}>
        <Select value={value.type} onChange={(_, d) => onChange({ ...value, type: d.value as VehicleFields['type'] })}>
          {VEHICLE_TYPES.map((k) => (
            <option key={k} value={k}>
              {i18n._(VEHICLE_TYPE_LABEL[k])}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t`Driver`}>
        <Input value={value.driver} onChange={(_, d) => onChange({ ...value, driver: d.value })} />
      </Field>
      <Field label={t`Source`}>
        <Select value={value.source} onChange={(_, d) => onChange({ ...value, source: d.value as VehicleFields['source'] })}>
          {VEHICLE_SOURCES.map((k) => (
            <option key={k} value={k}>
              {i18n._(VEHICLE_SOURCE_LABEL[k])}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}
