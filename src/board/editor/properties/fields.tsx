import type { ReactNode } from 'react';
import { COLORS, UI } from '../ui';

const LABEL = { display: 'flex', flexDirection: 'column', gap: 2, fontSize: 11, color: COLORS.muted } as const;
const round = (v: number) => Math.round(v * 100) / 100;

/** A labelled number input that commits on Enter or blur; an empty or non-numeric entry snaps back. */
export function NumberField({
  label,
  value,
  onCommit,
  disabled,
  placeholder,
  min,
  max,
  step,
}: {
  label: string;
  value: number | undefined;
  onCommit: (v: number | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
  min?: number;
  max?: number;
  step?: number;
}) {
  return (
    <label style={LABEL}>
      {label}
      <input
        key={String(value)}
        aria-label={label}
        type="number"
        disabled={disabled}
        placeholder={placeholder}
        min={min}
        max={max}
        step={step}
        defaultValue={value === undefined ? '' : round(value)}
        style={{ ...UI.input, width: '100%' }}
        onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
        onBlur={(e) => {
          const text = e.target.value.trim();
          const v = Number(text);
          if (text === '' && value !== undefined && placeholder !== undefined) onCommit(undefined);
          else if (text !== '' && Number.isFinite(v) && v !== value) onCommit(v);
          else e.target.value = value === undefined ? '' : String(round(value));
        }}
      />
    </label>
  );
}

/** A labelled colour: a swatch picker plus the hex text (#rgb, #rrggbb, #rrggbbaa); empty clears it. */
export function ColourField({ label, value, fallback, onCommit }: { label: string; value: string | undefined; fallback: string; onCommit: (v: string | undefined) => void }) {
  // <input type=color> knows only #rrggbb: the swatch shows the colour without alpha.
  const swatch = value && /^#[0-9a-f]{6}/i.test(value) ? value.slice(0, 7) : value && /^#[0-9a-f]{3}$/i.test(value) ? `#${[...value.slice(1)].map((c) => c + c).join('')}` : fallback;
  return (
    <label style={LABEL}>
      {label}
      <span style={{ display: 'flex', gap: 4 }}>
        <input type="color" aria-label={`${label} (picker)`} value={swatch} onChange={(e) => onCommit(e.target.value)} style={{ width: 28, height: 22, padding: 0, border: 'none', background: 'none' }} />
        <input
          key={value ?? ''}
          aria-label={label}
          defaultValue={value ?? ''}
          placeholder={fallback}
          style={{ ...UI.input, flex: 1, minWidth: 0 }}
          onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
          onBlur={(e) => {
            const v = e.target.value.trim();
            if (v !== (value ?? '')) onCommit(v === '' ? undefined : v);
          }}
        />
      </span>
    </label>
  );
}

/** A section heading of the property pane. */
export function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section data-testid={testId} style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <h3 style={UI.heading}>{title}</h3>
      {children}
    </section>
  );
}

/** The reason a value was refused, or nothing. */
export function FieldError({ error, testId }: { error: string | null; testId?: string }) {
  return error ? (
    <div role="alert" style={UI.error} data-testid={testId}>
      {error}
    </div>
  ) : null;
}
