import { useSearchParams, Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { SCREEN } from '../../theme/theme';

/** A full-page message with a way home. */
export function MessageScreen({ code, title, detail }: { code: string; title: string; detail?: string | null }) {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: SCREEN.pageBackground, textAlign: 'center' }}>
      <div>
        <div style={{ fontSize: 72, fontWeight: 700, color: 'var(--colorBrandForeground1)' }}>{code}</div>
        <h1 style={{ fontSize: 22 }}>{title}</h1>
        {detail ? <p style={{ color: SCREEN.textMuted }}>{detail}</p> : null}
        <Link to="/" style={{ color: 'var(--colorBrandForeground1)' }}>
          <Trans>Back home</Trans>
        </Link>
      </div>
    </main>
  );
}

/** /exception?errorCode=…&errorMessage=… (SPEC §2, §8), with the SPEC texts for 403, 404 and 500. */
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

/** Any unknown route, and /exception/404 (SPEC §8 404 text). */
export function NotFoundScreen() {
  const { t } = useLingui();
  return <MessageScreen code="404" title={t`Sorry, the page you visited does not exist`} />;
}

/** /exception/403 (SPEC §6, §8). */
export function ForbiddenScreen() {
  const { t } = useLingui();
  return <MessageScreen code="403" title={t`Sorry, you don't have access to this page`} />;
}

/** /exception/500 (SPEC §8). */
export function ServerErrorScreen() {
  const { t } = useLingui();
  return <MessageScreen code="500" title={t`Sorry, the server is reporting an error`} />;
}
