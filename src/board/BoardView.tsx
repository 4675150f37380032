import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import { useStores } from '../stores';
import { ALARM_FLOOD_PER_10_MIN, type Alarm } from '../../protocol';
import { PanelDataProvider, ReplayMarker, usePanelData, type PanelDataSource } from '../panelData';
import { SCREEN } from '../theme/theme';
import { usePanelRegistry } from '../components';
import { FIT_MODES, fitPageMode, type FitMode } from './fit';
import { toggleFullscreen, useCarousel, useFlash, useFullscreen, useIdle } from './viewerHooks';
import { PanelHost } from './PanelHost';
import { BeijingClock } from './BeijingClock';
import { ConnectionIndicator } from './ConnectionIndicator';
import { DeviceDetailDialog } from './DeviceDetailDialog';
import { deviceSnForClick } from './deviceClick';
import { AlarmBanner, SoundToggle, useBoardAlarms, useLiveAlarmsInReplay } from './AlarmBanner';
import { ACTIVE_TAB_TEXT, ALARM_HEADER_TEXT, alarmHeaderBackground } from './headerColors';
import { useAlarmSound, useSoundPreference } from './alarmSound';
import { holdingSos, pageShowingDevice } from './alarmFocus';

/** Height of the header strip in screen pixels (outside the scaled page) on a 1920-wide screen; it grows with wider screens. */
export const HEADER_HEIGHT = 48;
/**
 * The header's font size: 16 px on a 1920-wide screen, 13 px on a 1366-wide one (never under 12 px), growing
 * with the viewport width beyond it (32 px at 3840), so the header scales with the board on a 4K wall.
 */
const HEADER_FONT = 'clamp(13px, 0.8333vw, 40px)';
/** The header's own buttons (page tabs, sound, full screen): padding and border grow with its font, so a 4K header's frames still hold their words. */
const HEADER_BUTTON = {
  background: 'transparent',
  color: 'inherit',
  // the frame follows the text colour, so it shows on the navy, the light and the alarm header alike
  border: 'max(1px, 0.0625em) solid color-mix(in srgb, currentColor 45%, transparent)',
  borderRadius: '0.25em',
  padding: '0.1em 0.6em',
  lineHeight: 1.4,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  font: 'inherit',
} as const;
/** Carousel interval when a board asks for one without saying how often (s). */
const DEFAULT_CAROUSEL_S = 15;
/** How long the board / page name hint stays up (ms). */
const TIP_MS = 4000;
/** Kiosk screens hide the cursor after this much stillness (ms, docs/operations.md "Wall screens"). */
const CURSOR_IDLE_MS = 3000;

/** Options of the viewer screens (query parameters of /dataV/viewBoard, /dataV/preview, /pageManger/pageView). */
export interface BoardViewOptions {
  projectName?: string;
  headerExtra?: ReactNode;
  /** Scale-to-fit mode (`?fit=`), default `fit`. */
  fit?: FitMode;
  /** When given, a small scale control in the header calls it (preview). */
  onFitChange?: (mode: FitMode) => void;
  /** `?kiosk=1`: no chrome at all, cursor hidden after 3 s idle. */
  kiosk?: boolean;
  /**
   * Where the panels read their data (src/panelData): a replay source shows the board as of its
   * instant, with a "Replaying <time>" marker. Default: the live source of the app's stores.
   */
  source?: PanelDataSource;
  /** Below the page, outside the scaled board: the replay's playback bar (src/board/timeControls). */
  footer?: ReactNode;
  /** Leaves a replay for live (the viewer's time-range control); with it a live alarm's banner offers "Back to live". */
  onLive?: () => void;
}

function useElementSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return size;
}

/**
 * The board on a screen: a header strip (project, board, page tabs for pageSwitchModel 1, connection,
 * Beijing clock, full screen, `headerExtra`) and the current page drawn at layout.pageWidth × pageHeight,
 * scaled into the rest of the viewport by `fit`. pageSwitchModel 2 carousels the pages every
 * layout.carouselIntervalS (default 15 s), paused while the pointer is over the page and restarted by a
 * tap on it. wholeTips / pageTips show the board / page name for a few seconds. `kiosk` drops the header
 * and hides an idle cursor. Panels marked `hidden` are not drawn. A click on a device (gas table row,
 * tower crane or gas trend panel) opens its detail dialog (deviceDetail). While an alarm is active and
 * untreated an AlarmBanner shows under the header (kiosk too), the header takes the alarm colour, the
 * board's sound (off by default, per board on this screen) rings until acknowledged, and a carousel brings
 * up and holds the page showing a person in SOS. With a replay `source` the
 * panels show the board as of the replay instant and a "Replaying <time>" marker stays on the board; live
 * alarms still break through (a LIVE banner, the sound, the header colour; `onLive` takes the board back).
 */
export const BoardView = observer(function BoardView({ source, ...options }: BoardViewOptions) {
  return source ? (
    <PanelDataProvider source={source}>
      <BoardScreen {...options} />
    </PanelDataProvider>
  ) : (
    <BoardScreen {...options} />
  );
});

const BoardScreen = observer(function BoardScreen({ projectName, headerExtra, fit = 'fit', onFitChange, kiosk = false, footer, onLive }: Omit<BoardViewOptions, 'source'>) {
  const { boards, deviceDetail, devices } = useStores();
  const panelRegistry = usePanelRegistry();
  const { t } = useLingui();
  // in replay the header says so in place of the Live indicator: nobody may take the past for live
  const data = usePanelData();
  const replaying = data.mode === 'replay';
  const viewRef = useRef<HTMLDivElement>(null);
  const { width, height } = useElementSize(viewRef);
  const board = boards.board;
  const page = boards.page;
  const layout = board?.layout;
  const place = layout ? fitPageMode(fit, width, height, layout.pageWidth, layout.pageHeight) : null;
  const [hover, setHover] = useState(false);
  // A tap or click on the page restarts the carousel interval (touch screens have no hover to pause it).
  const [touches, setTouches] = useState(0);
  const carousel = layout?.pageSwitchModel === 2 && boards.pages.length > 1;
  // Alarm first: the banner and the header colour on every page; an SOS brings up and holds its person's page.
  // A flood is more new alarms in 10 minutes than the board's rate (ISA-18.2 default 10).
  const floodRate = layout?.alarmFloodPer10Min ?? ALARM_FLOOD_PER_10_MIN;
  const alarms = useBoardAlarms(floodRate);
  // While replaying, live alarms break through: their own LIVE banner, the sound and the header colour.
  const liveAlarms = useLiveAlarmsInReplay(replaying, floodRate);
  const [soundOn, toggleSound] = useSoundPreference(board?.boardId);
  useAlarmSound(soundOn && (liveAlarms ?? alarms).unacked.length > 0);
  const headerColor = liveAlarms?.color ?? alarms.color;
  // one click: leave the replay and bring up the page showing the alarm's device, as the live SOS focus does
  const backToLive = (alarm: Alarm) => {
    const device = devices.get(alarm.deviceSn);
    const i = device ? pageShowingDevice(boards.pages, device) : -1;
    if (i >= 0) boards.setPage(i);
    onLive?.();
  };
  const sos = holdingSos(alarms.open);
  const sosDevice = sos ? data.device(sos.deviceSn) : undefined;
  const sosPage = carousel && sosDevice ? pageShowingDevice(boards.pages, sosDevice) : -1;
  const pageIndex = boards.pages.findIndex((p) => p.pageId === page?.pageId);
  useEffect(() => {
    if (sosPage >= 0 && sosPage !== pageIndex) boards.setPage(sosPage);
  }, [boards, sosPage, pageIndex]);
  const step = useCallback(() => boards.nextPage(), [boards]);
  useCarousel(step, (layout?.carouselIntervalS ?? DEFAULT_CAROUSEL_S) * 1000, carousel && sosPage < 0, hover, `${page?.pageId}:${touches}`);
  const idle = useIdle(CURSOR_IDLE_MS, kiosk);
  const fullscreen = useFullscreen();
  const boardTip = useFlash(board?.boardId, layout?.wholeTips === 1, TIP_MS);
  const pageTip = useFlash(page?.pageId, layout?.pageTips === 1, TIP_MS);
  const fitLabels: Record<FitMode, string> = { fit: t`Fit`, width: t`Fit width`, height: t`Fit height`, stretch: t`Stretch`, none: t`Actual size` };
  const tip = boardTip ? board?.name : pageTip ? page?.name : null;

  return (
    <div
      data-kiosk={kiosk ? '1' : undefined}
      style={{ position: 'fixed', inset: 0, display: 'flex', flexDirection: 'column', background: SCREEN.letterbox, color: SCREEN.text, overflow: 'hidden', cursor: kiosk && idle ? 'none' : undefined }}
    >
      {kiosk ? null : (
        <header
          data-alarm-level={(liveAlarms?.worst ?? alarms.worst)?.level}
          style={{
            height: '3em',
            flex: '0 0 3em',
            display: 'flex',
            alignItems: 'center',
            gap: '1.25em',
            padding: '0 1.25em',
            background: headerColor ? alarmHeaderBackground(headerColor) : `linear-gradient(180deg, ${SCREEN.headerBackground}, ${SCREEN.pageBackground})`,
            borderBottom: `1px solid ${SCREEN.panelBorder}`,
            fontSize: HEADER_FONT,
            ...(headerColor ? { color: ALARM_HEADER_TEXT } : {}),
            whiteSpace: 'nowrap',
            overflow: 'hidden',
          }}
        >
          {/* the names give way (ellipsis) before the actions at the end of the line are cut off; line height 1.4 keeps their descenders inside the clip */}
          <strong data-project-name title={projectName} style={{ fontSize: '1.25em', letterSpacing: 1, whiteSpace: 'nowrap', minWidth: '4em', overflow: 'hidden', textOverflow: 'ellipsis', lineHeight: 1.4 }}>{projectName}</strong>
          <span title={board?.name} style={{ color: headerColor ? ALARM_HEADER_TEXT : SCREEN.textMuted, whiteSpace: 'nowrap', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', lineHeight: 1.4 }}>{board?.name}</span>
          {boards.pages.length > 1 && !carousel ? (
            <nav style={{ display: 'flex', gap: 6 }}>
              {boards.pages.map((p, i) => (
                <button
                  key={p.pageId}
                  type="button"
                  onClick={() => boards.setPage(i)}
                  aria-current={p.pageId === page?.pageId ? 'page' : undefined}
                  style={p.pageId === page?.pageId ? { ...HEADER_BUTTON, background: SCREEN.brand, color: ACTIVE_TAB_TEXT } : HEADER_BUTTON}
                >
                  {p.name}
                </button>
              ))}
            </nav>
          ) : null}
          {carousel ? (
            <span data-carousel={hover ? 'paused' : 'running'} style={{ color: headerColor ? ALARM_HEADER_TEXT : SCREEN.textMuted, whiteSpace: 'nowrap' }}>
              {page?.name} ({boards.pages.findIndex((p) => p.pageId === page?.pageId) + 1}/{boards.pages.length})
            </span>
          ) : null}
          <span data-header-spacer style={{ flex: 1 }} />
          {onFitChange ? (
            <select
              aria-label={t`Scale`}
              value={fit}
              onChange={(e) => onFitChange(e.target.value as FitMode)}
              style={{ background: 'transparent', color: 'inherit', border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 4, font: 'inherit' }}
            >
              {FIT_MODES.map((m) => (
                <option key={m} value={m} style={{ color: '#000' }}>
                  {fitLabels[m]}
                </option>
              ))}
            </select>
          ) : null}
          {replaying ? <ReplayMarker placement="header" /> : <ConnectionIndicator />}
          <BeijingClock />
          <SoundToggle on={soundOn} onToggle={toggleSound} style={HEADER_BUTTON} />
          <button
            type="button"
            onClick={toggleFullscreen}
            style={HEADER_BUTTON}
          >
            {fullscreen ? <Trans>Exit full screen</Trans> : <Trans>Full screen</Trans>}
          </button>
          {headerExtra ? <span className="sb-header-extra">{headerExtra}</span> : null}
        </header>
      )}
      {liveAlarms ? <AlarmBanner alarms={liveAlarms} soundOn={soundOn} onToggleSound={toggleSound} kiosk={kiosk} live={{ onBack: backToLive }} /> : null}
      <AlarmBanner alarms={alarms} soundOn={soundOn} onToggleSound={toggleSound} kiosk={kiosk} replayed={replaying} />
      <div
        ref={viewRef}
        // a page's layout is its author's, not the interface language's: never mirrored in Arabic (docs/product.md "Board model")
        dir="ltr"
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
        onPointerDown={() => setTouches((n) => (n + 1) % 1_000_000)}
        style={{ position: 'relative', flex: 1, minHeight: 0, overflow: fit === 'fit' || fit === 'stretch' ? 'hidden' : 'auto' }}
      >
        {layout && page && place && place.scaleX > 0 ? (
          <div
            data-page-id={page.pageId}
            onClick={(e) => {
              const sn = deviceSnForClick(e.target, page.panels, panelRegistry);
              if (sn) deviceDetail.openDetail(sn);
            }}
            style={{
              position: 'absolute',
              left: place.left,
              top: place.top,
              width: layout.pageWidth,
              height: layout.pageHeight,
              transform: place.scaleX === place.scaleY ? `scale(${place.scaleX})` : `scale(${place.scaleX}, ${place.scaleY})`,
              transformOrigin: '0 0',
              background: `radial-gradient(ellipse at top, ${SCREEN.headerBackground}, ${SCREEN.pageBackground} 70%)`,
              overflow: 'hidden',
            }}
          >
            {/* A hidden panel stays on the page for the builder but is never drawn on a screen. */}
            {page.panels
              .filter((p) => !p.hidden)
              .map((p) => (
                <PanelHost key={p.panelId} panel={p} />
              ))}
          </div>
        ) : null}
        {/* Keeps the scroll area as large as the scaled page when it overflows (fit width / height / none). */}
        {layout && place && place.scaleX > 0 ? (
          <div aria-hidden style={{ width: layout.pageWidth * place.scaleX, height: layout.pageHeight * place.scaleY, pointerEvents: 'none' }} />
        ) : null}
        {kiosk ? <ReplayMarker /> : null}
        {tip ? (
          <div
            role="status"
            data-tip
            style={{ position: 'absolute', top: 24, left: '50%', transform: 'translateX(-50%)', padding: '8px 24px', borderRadius: 6, background: 'rgba(0,0,0,0.65)', fontSize: 22, pointerEvents: 'none' }}
          >
            {tip}
          </div>
        ) : null}
      </div>
      {footer}
      <DeviceDetailDialog />
    </div>
  );
});
