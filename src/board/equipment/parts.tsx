import type { CSSProperties, ReactNode } from 'react';
import { SCREEN, STATUS_COLOR } from '../../components';

/** Cell style of the equipment modal's tables (shared by its tabs). */
export const cellStyle: CSSProperties = { padding: '5px 10px', textAlign: 'left', borderBottom: `1px solid ${SCREEN.panelBorder}`, whiteSpace: 'nowrap' };
/** Header cell style of the equipment modal's tables. */
export const headStyle: CSSProperties = { ...cellStyle, fontWeight: 600, opacity: 0.8 };

/** A table with the modal's look: `head` the column titles, rows as children. */
export function DataTable({ head, children, label }: { head: ReactNode[]; children: ReactNode; label?: string }) {
  return (
    <div style={{ overflow: 'auto', maxHeight: '52vh' }}>
      <table aria-label={label} style={{ borderCollapse: 'collapse', width: '100%', fontSize: 14 }}>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i} style={headStyle}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A message in place of a tab's content (loading, empty, error). */
export function TabMessage({ children, error }: { children: ReactNode; error?: boolean }) {
  return (
    <p role={error ? 'alert' : undefined} style={{ opacity: error ? 1 : 0.7, color: error ? STATUS_COLOR.alarm : undefined, margin: '16px 0' }}>
      {children}
    </p>
  );
}

