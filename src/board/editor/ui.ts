import type { CSSProperties } from 'react';

/** Shared inline styles of the builder's chrome (dark, like the board it edits). */
export const UI = {
  pane: { background: '#0b1730', borderRight: '1px solid #1d3357', padding: 10, overflow: 'auto', boxSizing: 'border-box', color: '#d6e2f5', fontSize: 13 } as CSSProperties,
  heading: { fontSize: 12, textTransform: 'uppercase', letterSpacing: 1, color: '#8aa0c2', margin: '12px 0 6px' } as CSSProperties,
  button: { background: '#13284d', color: '#d6e2f5', border: '1px solid #2c4a78', borderRadius: 4, padding: '3px 8px', cursor: 'pointer', fontSize: 12 } as CSSProperties,
  primary: { background: '#00b589', color: '#03140f', border: '1px solid #00b589', borderRadius: 4, padding: '3px 10px', cursor: 'pointer', fontSize: 12, fontWeight: 600 } as CSSProperties,
  input: { background: '#050b18', color: '#d6e2f5', border: '1px solid #2c4a78', borderRadius: 3, padding: '3px 5px', fontSize: 12, boxSizing: 'border-box' } as CSSProperties,
  error: { color: '#ff8a80', whiteSpace: 'pre-wrap', fontSize: 12 } as CSSProperties,
};
