import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Dropdown, Option, Spinner } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StreamQuality, VideoCamera } from '../../../protocol';
import { useVideoCameras } from '../../panelData';
import { VideoTile } from '../../components/video/VideoTile';
import { cameraState, camerasByArea, nextPage, pageCount, pageSlots, ROTATION_INTERVALS_S, WALL_LAYOUTS, type WallLayout } from '../../components/video/videoWall';
import { SCREEN } from '../../theme/theme';
import { STATUS_COLOR } from '../../theme/status';
import { screenZoom } from '../shell/screenZoom';
import { ScreenFrame } from './ScreenFrame';

/** Height the screen's header and padding take, CSS px (the wall fills the rest of the window). */
const CHROME_PX = 120;
/** Width of the camera list, CSS px. */
const LIST_PX = 280;

/** The colour of a camera's dot in the list. */
const STATE_COLOR = { live: STATUS_COLOR.online, offline: STATUS_COLOR.offline, idle: STATUS_COLOR.unknown, none: 'transparent' } as const;

/**
 * /video: the project's cameras by area with their state, and a wall of live tiles (docs/architecture.md
 * "Video"): layouts 1/4/9/16, a rotation interval that pages through the cameras, the definition switch and
 * full screen per tile. A click on a camera shows its page. Only the tiles shown lease a stream.
 */
export const VideoScreen = observer(function VideoScreen() {
  const { t } = useLingui();
  const { cameras, error } = useVideoCameras();
  const [layout, setLayout] = useState<WallLayout>(4);
  const [page, setPage] = useState(0);
  const [rotateS, setRotateS] = useState(0);
  const [quality, setQuality] = useState<Record<string, StreamQuality>>({});
  const list: VideoCamera[] = cameras ? camerasByArea(cameras).flatMap((g) => g.cameras) : [];
  const pages = pageCount(list.length, layout);
  const shown = page % pages;

  useEffect(() => {
    if (rotateS === 0 || pages <= 1) return;
    const timer = setInterval(() => setPage((p) => nextPage(p, list.length, layout)), rotateS * 1000);
    return () => clearInterval(timer);
  }, [rotateS, pages, list.length, layout]);

  const side = Math.sqrt(layout);
  const zoom = screenZoom(window.innerWidth);
  const rotationLabel = (s: number) => (s === 0 ? t`Off` : t`${s} s`);

  return (
    <ScreenFrame
      title={<Trans>Video</Trans>}
      actions={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <span style={{ fontSize: 14 }}>
            <Trans>Layout</Trans>
          </span>
          {WALL_LAYOUTS.map((n) => (
            <Button
              key={n}
              size="small"
              appearance={n === layout ? 'primary' : 'secondary'}
              aria-pressed={n === layout}
              data-layout={n}
              onClick={() => {
                setLayout(n);
                setPage(0);
              }}
            >
              {n}
            </Button>
          ))}
          <span style={{ fontSize: 14, marginLeft: 8 }}>
            <Trans>Rotation interval</Trans>
          </span>
          <Dropdown
            size="small"
            style={{ minWidth: 96 }}
            value={rotationLabel(rotateS)}
            selectedOptions={[String(rotateS)]}
            onOptionSelect={(_, d) => setRotateS(Number(d.optionValue ?? 0))}
            aria-label={t`Rotation interval`}
          >
            {ROTATION_INTERVALS_S.map((s) => (
              <Option key={s} value={String(s)} text={rotationLabel(s)}>
                {rotationLabel(s)}
              </Option>
            ))}
          </Dropdown>
          <Button size="small" disabled={pages <= 1} onClick={() => setPage((p) => (p + pages - 1) % pages)} aria-label={t`Previous page`}>
            ‹
          </Button>
          <span style={{ fontSize: 14, minWidth: 48, textAlign: 'center' }} data-wall-page>
            {shown + 1} / {pages}
          </span>
          <Button size="small" disabled={pages <= 1} onClick={() => setPage((p) => nextPage(p, list.length, layout))} aria-label={t`Next page`}>
            ›
          </Button>
        </span>
      }
    >
      {!cameras ? (
        error ? <p>{error}</p> : <Spinner />
      ) : list.length === 0 ? (
        <p>
          <Trans>This project has no cameras.</Trans>
        </p>
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: `${LIST_PX}px 1fr`, gap: 16, height: `calc(100vh / ${zoom} - ${CHROME_PX}px)` }}>
          <nav aria-label={t`Cameras`} style={{ overflowY: 'auto', background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, padding: 8 }}>
            {camerasByArea(cameras).map((g) => (
              <section key={g.area}>
                <h2 style={{ fontSize: 15, margin: '8px 4px 4px', color: SCREEN.textMuted }}>{g.area || <Trans>No area</Trans>}</h2>
                {g.cameras.map((c) => {
                  const state = cameraState(c);
                  const index = list.indexOf(c);
                  const onPage = Math.floor(index / layout) === shown;
                  return (
                    <button
                      key={c.sn}
                      type="button"
                      data-camera={c.sn}
                      onClick={() => setPage(Math.floor(index / layout))}
                      style={{ display: 'flex', alignItems: 'center', gap: 8, width: '100%', padding: '6px 8px', border: 'none', borderRadius: 4, cursor: 'pointer', textAlign: 'left', fontSize: 14, color: state === 'none' ? SCREEN.textMuted : SCREEN.text, background: onPage ? 'rgba(0,181,137,0.18)' : 'transparent' }}
                    >
                      <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, flex: 'none', background: STATE_COLOR[state], border: state === 'none' ? `1px solid ${SCREEN.textMuted}` : 'none' }} />
                      <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{c.name}</span>
                      <span style={{ fontSize: 12, color: SCREEN.textMuted }}>
                        {state === 'live' ? <Trans>Online</Trans> : state === 'offline' ? <Trans>Offline</Trans> : state === 'none' ? <Trans>No source</Trans> : null}
                      </span>
                    </button>
                  );
                })}
              </section>
            ))}
          </nav>
          <div data-video-wall={layout} style={{ display: 'grid', gridTemplateColumns: `repeat(${side}, 1fr)`, gridTemplateRows: `repeat(${side}, 1fr)`, gap: 4, minHeight: 0 }}>
            {pageSlots(list, layout, shown).map((c, i) => (
              <VideoTile
                key={c ? c.sn : `empty-${i}`}
                camera={c ? { sn: c.sn, name: c.name, hasSource: c.source !== null, qualities: c.qualities } : null}
                quality={c ? (quality[c.sn] ?? (layout >= 9 ? 'sub' : 'main')) : 'main'}
                onQuality={c ? (q) => setQuality((m) => ({ ...m, [c.sn]: q })) : undefined}
                compact={layout === 16}
              />
            ))}
          </div>
        </div>
      )}
    </ScreenFrame>
  );
});
