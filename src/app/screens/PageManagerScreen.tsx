import { useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { Button, Spinner } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { BOARDS, boardSchema, type Page } from '../../../protocol';
import { useStores } from '../../stores';
import { SCREEN } from '../../theme/theme';
import { ScreenFrame } from './ScreenFrame';
import { useProjectId } from '../shell/useProjectId';
import { paginate } from './paginate';
import { ReleaseStateBadge } from '../../board/editor/ReleaseStateBadge';
import { pagesInOrder } from '../../../protocol/boardOps';

/** Boards per list page (docs/product.md "Constants"): 10 keeps the board/screen calls few. */
const PAGE_SIZE = 10;

/** Pages of one board, or why they could not be read. */
type BoardPages = { pages: Page[] } | { error: string };

function pageViewHref(boardId: string, pageId?: string): string {
  const q = new URLSearchParams({ boardId });
  if (pageId) q.set('pageId', pageId);
  return `/pageManger/pageView?${q.toString()}`;
}

/**
 * /pageManger (and /dataV/index, the same list hidden from menus): the current project's boards
 * (board/list), paginated client-side with "Total {total} items", each with its pages (board/screen of
 * the boards on the shown list page only) and its release state (Draft only, Live, Live with unpublished
 * changes). A board opens /pageManger/pageView?boardId=…, a page adds
 * `pageId`.
 */
export const PageManagerScreen = observer(function PageManagerScreen() {
  const { session, boards, request } = useStores();
  const projectId = useProjectId();
  const [listPage, setListPage] = useState(1);
  const [pagesOf, setPagesOf] = useState<Record<string, BoardPages>>({});
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!projectId) return;
    setLoaded(false);
    boards
      .loadList(projectId)
      .catch(() => {})
      .finally(() => setLoaded(true));
  }, [boards, projectId]);

  const slice = paginate(boards.list, listPage, PAGE_SIZE);
  const shownIds = useMemo(() => slice.items.map((b) => b.boardId).join('\n'), [slice.items]);

  useEffect(() => {
    let live = true;
    const ids = shownIds ? shownIds.split('\n') : [];
    for (const boardId of ids) {
      if (pagesOf[boardId]) continue;
      request(BOARDS.boardScreen, { boardId })
        .then((raw) => {
          const parsed = boardSchema.safeParse(raw);
          const value: BoardPages = parsed.success ? { pages: pagesInOrder(parsed.data.pages) } : { error: 'invalid board' };
          if (live) setPagesOf((prev) => ({ ...prev, [boardId]: value }));
        })
        .catch((e: unknown) => live && setPagesOf((prev) => ({ ...prev, [boardId]: { error: String((e as Error)?.message ?? e) } })));
    }
    return () => {
      live = false;
    };
    // pagesOf is read only to skip boards already loaded; re-running on it would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownIds, request]);

  const project = session.user?.projects.find((p) => p.projectId === projectId);
  const total = slice.total;

  return (
    <ScreenFrame title={project?.name ?? projectId}>
      <h2 style={{ fontSize: 18 }}>
        <Trans>Page management</Trans>
      </h2>
      {!loaded && boards.list.length === 0 ? (
        <Spinner />
      ) : boards.list.length === 0 ? (
        <p style={{ color: SCREEN.textMuted }}>
          <Trans>No board available</Trans>
        </p>
      ) : (
        <ul aria-label="boards" style={{ listStyle: 'none', padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
          {slice.items.map((b) => {
            const pages = pagesOf[b.boardId];
            return (
              <li key={b.boardId} data-board-id={b.boardId} style={{ padding: 12, background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 6 }}>
                <Link to={pageViewHref(b.boardId)} style={{ color: SCREEN.brand, fontSize: 18 }}>
                  {b.name}
                </Link>
                <span style={{ marginLeft: 10, verticalAlign: 'text-bottom' }}>
                  <ReleaseStateBadge state={b.releaseState} />
                </span>
                <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }}>
                  {!pages ? (
                    <Spinner size="tiny" />
                  ) : 'error' in pages ? (
                    <span role="alert" style={{ color: SCREEN.textMuted }}>
                      {pages.error}
                    </span>
                  ) : (
                    pages.pages.map((p) => (
                      <Link key={p.pageId} to={pageViewHref(b.boardId, p.pageId)} style={{ color: SCREEN.text, border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 4, padding: '2px 10px' }}>
                        {p.name}
                      </Link>
                    ))
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <nav style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <span data-total={total}>
          <Trans>Total {total} items</Trans>
        </span>
        {slice.pageCount > 1 ? (
          <>
            <Button size="small" disabled={slice.page <= 1} onClick={() => setListPage(slice.page - 1)}>
              <Trans>Previous</Trans>
            </Button>
            <span>
              {slice.page} / {slice.pageCount}
            </span>
            <Button size="small" disabled={slice.page >= slice.pageCount} onClick={() => setListPage(slice.page + 1)}>
              <Trans>Next</Trans>
            </Button>
          </>
        ) : null}
      </nav>
    </ScreenFrame>
  );
});
