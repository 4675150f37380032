import { useSearchParams, Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { SCREEN } from '../../theme/theme';
import { useScreenZoom } from '../shell/screenZoom';

/** HTTP status of the API's error codes (docs/api.md "Errors"): the number people know from a 404 page. */
const HTTP_STATUS: Readonly<Record<string, string>> = { NOT_FOUND: '404', FORBIDDEN: '403', UNAUTHENTICATED: '401', INTERNAL: '500' };

/** The big code of an error page: the HTTP status for the API's codes (NOT_FOUND → 404), else the code as given. */
export function displayCode(code: string): string {
  return HTTP_STATUS[code] ?? code;
}

/**
 * A full-page message with a way home. The code is a block of its own with a line height of its size
 * (inside Fluent's 20 px body line height a 72 px code overflowed onto the title); a long code is set
 * smaller and wraps rather than running under the title. Zoomed on screens wider than 1920 px (useScreenZoom).
 */
export function MessageScreen({ code, title, detail }: { code: string; title: string; detail?: string | null }) {
  const shown = displayCode(code);
  const zoom = useScreenZoom();
  return (
    <main style={{ minHeight: `calc(100vh / ${zoom})`, display: 'grid', placeItems: 'center', background: SCREEN.pageBackground, textAlign: 'center', padding: 24, boxSizing: 'border-box' }}>
      <div style={{ maxWidth: 720 }}>
        {shown ? (
          <div
            data-error-code
            style={{ fontSize: shown.length > 4 ? 40 : 72, lineHeight: 1.1, fontWeight: 700, color: 'var(--colorBrandForeground1)', overflowWrap: 'anywhere', margin: '0 0 16px' }}
          >
            {shown}
          </div>
        ) : null}
        <h1 style={{ fontSize: 22, lineHeight: 1.35, margin: '0 0 12px' }}>{title}</h1>
        {detail ? <p style={{ color: SCREEN.textMuted, lineHeight: 1.4 }}>{detail}</p> : null}
        <Link to="/" style={{ color: 'var(--colorBrandForeground1)' }}>
          <Trans>Back home</Trans>
        </Link>
      </div>
    </main>
  );
}

/** /exception?errorCode=…&errorMessage=… (docs/product.md "Routes and screens", "Notices and errors"), with the texts for 403, 404 and 500. */
export function ExceptionScreen() {
  const [params] = useSearchParams();
  const { t } = useLingui();
  const code = params.get('errorCode') ?? '500';
  const message = params.get('errorMessage');
  const known: Record<string, string> = {
    '403': t`Sorry, you don't have access to this page`,
    FORBIDDEN: t`Sorry, you don't have access to this page`,
    '404': t`Sorry, the page you visited does not exist`,
    NOT_FOUND: t`Sorry, the page you visited does not exist`,
    '500': t`Sorry, the server is reporting an error`,
    INTERNAL: t`Sorry, the server is reporting an error`,
  };
  const title = known[code] ?? message ?? t`Sorry, the server is reporting an error`;
  return <MessageScreen code={code} title={title} detail={known[code] ? message : null} />;
}

/** Any unknown route, and /exception/404 (the 404 text of docs/product.md "Notices and errors"). */
export function NotFoundScreen() {
  const { t } = useLingui();
  return <MessageScreen code="404" title={t`Sorry, the page you visited does not exist`} />;
}

/** /exception/403 (docs/product.md "Roles", "Notices and errors"). */
export function ForbiddenScreen() {
  const { t } = useLingui();
  return <MessageScreen code="403" title={t`Sorry, you don't have access to this page`} />;
}

/** /exception/500 (docs/product.md "Notices and errors"). */
export function ServerErrorScreen() {
  const { t } = useLingui();
  return <MessageScreen code="500" title={t`Sorry, the server is reporting an error`} />;
}
