import type { CSSProperties } from 'react';
import { Button } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';

/**
 * The pager under a list of the management screens: "Total {total} items" and, with more than one page
 * (or always unless `hideSingle`), Previous, "page / pages" and Next. `page` is 1-based.
 */
export function ListPager({ total, page, pageCount, onPage, hideSingle = false, style }: { total: number; page: number; pageCount: number; onPage: (page: number) => void; hideSingle?: boolean; style?: CSSProperties }) {
  return (
    <nav style={{ display: 'flex', alignItems: 'center', gap: 12, ...style }}>
      <span data-total={total}>
        <Trans>Total {total} items</Trans>
      </span>
      {hideSingle && pageCount <= 1 ? null : (
        <>
          <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <Trans>Previous</Trans>
          </Button>
          <span>
            {page} / {pageCount}
          </span>
          <Button size="small" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
            <Trans>Next</Trans>
          </Button>
        </>
      )}
    </nav>
  );
}
