import type { CSSProperties, FormEvent, ReactNode } from 'react';
import { Field, Input, Select } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';

/**
 * The two-column form of a register's edit dialog (people, drivers): its fields in order, the refusal (the
 * schema's or the server's) under them as an alert, and Enter in a field submits (a hidden submit button).
 */
export function FormGrid({ label, error, onSubmit, style, children }: { label: string; error: string | null; onSubmit: () => void; style?: CSSProperties; children: ReactNode }) {
  return (
    <form
      aria-label={label}
      style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, ...style }}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      {error ? (
        <p role="alert" style={{ gridColumn: '1 / 3', color: '#d13438', margin: 0 }}>
          {error}
        </p>
      ) : null}
      <button type="submit" hidden />
    </form>
  );
}

/** A labelled text or date input of a {@link FormGrid} (dates as YYYY-MM-DD). */
export function TextField({ label, value, onChange, type = 'text', disabled = false }: { label: string; value: string; onChange: (value: string) => void; type?: 'text' | 'date'; disabled?: boolean }) {
  return (
    <Field label={label}>
      <Input type={type} value={value} disabled={disabled} onChange={(_, d) => onChange(d.value)} />
    </Field>
  );
}

/** The gender choice of a person or driver: '' (unknown), `male` or `female` (protocol/people.ts GENDERS). */
export function GenderField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <Field label={t`Gender`}>
      <Select value={value} onChange={(_, d) => onChange(d.value)}>
        <option value="">{t`Unknown`}</option>
        <option value="male">{t`Male`}</option>
        <option value="female">{t`Female`}</option>
      </Select>
    </Field>
  );
}
