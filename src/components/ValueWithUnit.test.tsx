import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { ValueWithUnit } from './ValueWithUnit';

describe('ValueWithUnit', () => {
  it('shows a reading with its unit, decimals cut', () => {
    const { container } = render(<ValueWithUnit value={3.69} unit="ppm" digits={1} />);
    expect(container.textContent).toBe('3.6ppm');
  });

  it('shows a dash, not 0, before the device has sent the reading', () => {
    for (const value of [null, undefined]) {
      const { container } = render(<ValueWithUnit value={value} unit="ppm" digits={1} />);
      expect(container.textContent).toBe('—ppm');
    }
  });

  it('shows a real zero as 0', () => {
    const { container } = render(<ValueWithUnit value={0} unit="%vol" digits={2} />);
    expect(container.textContent).toBe('0%vol');
  });
});
