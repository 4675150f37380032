import { Trans, useLingui } from '@lingui/react/macro';
import { appUrl, attachmentFilePath, isPictureType, type ProjectEvent } from '../../../protocol';
import { formatBeijing } from '../../format/time';
import { SCREEN } from '../../theme/theme';
import { EVENT_KIND_COLOR, EVENT_KIND_LABEL } from './labels';

/**
 * Events of the event book, latest first: date, kind, title, text, photos (thumbnails opening the file) and
 * other attachments as links, who recorded it; `actions` adds controls of its own to each event's line.
 * `fontPx`: body size (badges and notes 2 px smaller); `brief`: without text and attachments (a board panel).
 */
export function EventList({ projectId, events, actions, fontPx = 16, brief = false }: { projectId: string; events: readonly ProjectEvent[]; actions?: (e: ProjectEvent) => React.ReactNode; fontPx?: number; brief?: boolean }) {
  const { i18n } = useLingui();
  const small = fontPx - 2;
  if (events.length === 0)
    return (
      <p style={{ color: SCREEN.textMuted, fontSize: fontPx }}>
        <Trans>No events recorded</Trans>
      </p>
    );
  return (
    <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} data-event-list>
      {events.map((e) => (
        <li key={e.eventId} style={{ padding: '8px 0', borderBottom: `1px solid ${SCREEN.panelBorder}`, fontSize: fontPx }} data-event-id={e.eventId}>
          <div style={{ display: 'flex', gap: 10, alignItems: 'baseline', flexWrap: 'wrap' }}>
            <span style={{ color: SCREEN.textMuted, fontVariantNumeric: 'tabular-nums' }}>{formatBeijing(e.occurredAtMs, 'YYYY-MM-DD HH:mm')}</span>
            <span style={{ color: EVENT_KIND_COLOR[e.kind], border: `1px solid ${EVENT_KIND_COLOR[e.kind]}`, borderRadius: 3, padding: '0 6px', fontSize: small }}>{i18n._(EVENT_KIND_LABEL[e.kind])}</span>
            {e.recordable ? (
              <span style={{ color: '#fff', background: '#c62828', borderRadius: 3, padding: '0 6px', fontSize: small }}>
                <Trans>Recordable accident</Trans>
              </span>
            ) : null}
            <strong>{e.title}</strong>
            {actions ? <span style={{ marginLeft: 'auto' }}>{actions(e)}</span> : null}
          </div>
          {e.text && !brief ? <div style={{ marginTop: 4, whiteSpace: 'pre-wrap' }}>{e.text}</div> : null}
          {e.attachments.length > 0 && !brief ? (
            <div style={{ display: 'flex', gap: 8, marginTop: 6, flexWrap: 'wrap' }}>
              {e.attachments.map((a) => {
                const href = appUrl(attachmentFilePath(projectId, a.attachmentId));
                return (
                  <a key={a.attachmentId} href={href} target="_blank" rel="noreferrer" title={a.fileName} style={{ color: SCREEN.brand, fontSize: small }}>
                    {isPictureType(a.type) ? <img src={href} alt={a.fileName} style={{ height: 72, borderRadius: 3, border: `1px solid ${SCREEN.panelBorder}` }} /> : a.fileName}
                  </a>
                );
              })}
            </div>
          ) : null}
          <div style={{ color: SCREEN.textMuted, fontSize: small, marginTop: 2 }}>
            <Trans>Recorded by {e.recordedBy}</Trans>
          </div>
        </li>
      ))}
    </ol>
  );
}
