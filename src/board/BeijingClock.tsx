import { useEffect, useState } from 'react';
import { formatBeijing } from '../components';

/** A clock in Beijing time, ticking once a second (only this small node re-renders). */
export function BeijingClock({ pattern = 'YYYY-MM-DD HH:mm:ss' }: { pattern?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return <time style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatBeijing(now, pattern)}</time>;
}
