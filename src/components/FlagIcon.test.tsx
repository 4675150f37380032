import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { LANGUAGES } from '../i18n/languages';
import { FLAG_DESIGNS, FlagIcon } from './FlagIcon';

describe('FlagIcon', () => {
  it('draws a tricolour with its three bands in order', () => {
    const { container } = render(<FlagIcon code="DE" />);
    const fills = [...container.querySelectorAll('rect')].map((r) => r.getAttribute('fill'));
    expect(fills.slice(0, 3)).toEqual(['#000000', '#dd0000', '#ffce00']);
    expect(container.querySelector('text')).toBeNull();
  });

  it('shows a complex flag as a badge with its code', () => {
    const { container } = render(<FlagIcon code="GB" />);
    expect(container.querySelector('svg[data-flag="GB"] text')?.textContent).toBe('GB');
  });

  it('has a flag or a readable badge code for every language entry', () => {
    for (const l of LANGUAGES) expect(l.flag in FLAG_DESIGNS || /^[A-Z]{2,3}$/.test(l.flag), l.lang).toBe(true);
  });
});
