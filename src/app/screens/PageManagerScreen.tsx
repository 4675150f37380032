import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { Spinner } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { BOARDS, boardSchema, type Page } from '../../../protocol';
import { useQuery, useStores } from '../../stores';
import { SCREEN } from '../../theme/theme';
import { ScreenFrame } from './ScreenFrame';
import { useProjectId } from '../shell/useProjectId';
import { paginate } from './paginate';
import { ListPager } from './ListPager';
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
  const { session } = useStores();
  const projectId = useProjectId();
  const [listPage, setListPage] = useState(1);
  const boardList = useQuery(BOARDS.boardList, projectId ? { projectId, dataRange: 2 } : null, { notify: true });
  const list = boardList.data?.board ?? [];
  const slice = paginate(list, listPage, PAGE_SIZE);

  const project = session.user?.projects.find((p) => p.projectId === projectId);
  const total = slice.total;

  return (
    <ScreenFrame title={project?.name ?? projectId}>
      <h2 style={{ fontSize: 18 }}>
        <Trans>Page management</Trans>
      </h2>
      {boardList.loading && list.length === 0 ? (
        <Spinner />
      ) : list.length === 0 ? (
        <p style={{ color: SCREEN.textMuted }}>
          <Trans>No board available</Trans>
        </p>
      ) : (
        <ul aria-label="boards" style={{ listStyle: 'none', padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
          {slice.items.map((b) => (
            <li key={b.boardId} data-board-id={b.boardId} style={{ padding: 12, background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 6 }}>
              <Link to={pageViewHref(b.boardId)} style={{ color: SCREEN.brand, fontSize: 18 }}>
                {b.name}
              </Link>
              <span style={{ marginLeft: 10, verticalAlign: 'text-bottom' }}>
                <ReleaseStateBadge state={b.releaseState} />
              </span>
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }}>
                <BoardPageLinks boardId={b.boardId} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <ListPager total={total} page={slice.page} pageCount={slice.pageCount} onPage={setListPage} hideSingle />
    </ScreenFrame>
  );
});

/** The pages of one board of the list as links (board/screen, its draft), or why they could not be read. */
const BoardPageLinks = observer(function BoardPageLinks({ boardId }: { boardId: string }) {
  const { data, error } = useQuery(BOARDS.boardScreen, { boardId }, { notify: true, keepPrevious: false });
  const parsed = data ? boardSchema.safeParse(data) : null;
  const pages: BoardPages | null = error !== null ? { error } : parsed ? (parsed.success ? { pages: pagesInOrder(parsed.data.pages) } : { error: 'invalid board' }) : null;
  if (!pages) return <Spinner size="tiny" />;
  if ('error' in pages) {
    return (
      <span role="alert" style={{ color: SCREEN.textMuted }}>
        {pages.error}
      </span>
    );
  }
  return (
    <>
      {pages.pages.map((p) => (
        <Link key={p.pageId} to={pageViewHref(boardId, p.pageId)} style={{ color: SCREEN.text, border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 4, padding: '2px 10px' }}>
          {p.name}
        </Link>
      ))}
    </>
  );
});
