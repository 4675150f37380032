import type { CSSProperties, ReactNode } from 'react';
import { Dropdown, Option } from '@fluentui/react-components';
import { SCREEN } from '../../theme/theme';

/** Cell styles of the register tables (15 px: read from across a control room). */
export const REGISTER_CELL: CSSProperties = { padding: '4px 10px', textAlign: 'left', verticalAlign: 'top', fontVariantNumeric: 'tabular-nums' };
export const REGISTER_HEAD: CSSProperties = { ...REGISTER_CELL, fontWeight: 400, color: SCREEN.textMuted, whiteSpace: 'nowrap' };

/** The header row of a register table: one muted cell per column. */
export function RegisterHead({ cols }: { cols: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {cols.map((c, i) => (
          <th key={i} style={REGISTER_HEAD}>
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A titled block of a register screen. */
export function RegisterSection({ label, children, style }: { label: string; children: ReactNode; style?: CSSProperties }) {
  return (
    <section aria-label={label} style={{ background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, padding: 16, display: 'grid', gap: 10, alignContent: 'start', ...style }}>
      <h2 style={{ margin: 0, fontSize: 18 }}>{label}</h2>
      {children}
    </section>
  );
}

/** A filter drop-down: `value` '' is "any" (shown as `anyLabel`). */
export function FilterChoice({ label, anyLabel, value, options, onChange }: { label: string; anyLabel: string; value: string; options: ReadonlyArray<readonly [string, string]>; onChange: (v: string) => void }) {
  return (
    <Dropdown aria-label={label} value={value ? (options.find(([v]) => v === value)?.[1] ?? value) : anyLabel} selectedOptions={[value]} onOptionSelect={(_, d) => onChange(d.optionValue ?? '')} style={{ minWidth: 170 }}>
      <Option value="">{anyLabel}</Option>
      {options.map(([v, text]) => (
        <Option key={v} value={v}>
          {text}
        </Option>
      ))}
    </Dropdown>
  );
}
