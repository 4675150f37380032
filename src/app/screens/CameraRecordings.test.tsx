import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { SystemStatus, VideoRecordingStatus } from '../../../protocol';
import { activateLocale, i18n } from '../../i18n/i18n';
import { STATUS_COLOR } from '../../theme/status';
import { CameraRecordings } from './CameraRecordings';

const AT = Date.UTC(2026, 10, 27, 8, 0, 0);

function camera(over: Partial<VideoRecordingStatus>): VideoRecordingStatus {
  return { projectId: 'p1', sn: 'CAM-01', name: 'Portal', state: 'recording', sinceMs: AT - 60_000, lastSegmentMs: AT - 12_000, restarts: 0, failuresInRow: 0, lastError: null, bytes: 12_300_000, ...over };
}

type Recorder = SystemStatus['video']['recorder'];

async function show(cameras: VideoRecordingStatus[], locale: 'en' | 'zh-CN' = 'en', leases: Pick<Recorder, 'nodeId' | 'owners'> = { nodeId: null, owners: [] }) {
  await activateLocale(locale);
  const video: SystemStatus['video'] = { streams: [], starts: 0, failures: 0, recorder: { cameras, bytes: 20_000_000, maxBytes: 400_000_000, retentionMs: 2 * 3_600_000, ...leases } };
  return render(
    <I18nProvider i18n={i18n}>
      <CameraRecordings video={video} atMs={AT} />
    </I18nProvider>,
  );
}

describe('CameraRecordings (status page table of the recorder)', () => {
  it('shows each camera by name with its state as a word and a colour, the last segment age and its disk use', async () => {
    await show([camera({}), camera({ sn: 'CAM-02', name: null, state: 'retrying', lastSegmentMs: null, restarts: 3, lastError: 'Connection refused', bytes: 0 })]);
    expect(screen.getByText('Disk: 20 MB of 400 MB; kept 2 h')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Recordings' });
    const rec = within(table).getByText('Portal (CAM-01)').closest('tr')!;
    const word = within(rec).getByText('Recording');
    expect(word.style.color).toBe(hexToRgb(STATUS_COLOR.online));
    expect(within(rec).getByText('12 s ago')).toBeTruthy();
    expect(within(rec).getByText('12.3 MB')).toBeTruthy();
    const failing = within(table).getByText('CAM-02').closest('tr')!;
    expect(within(failing).getByText('Retrying').style.color).toBe(hexToRgb(STATUS_COLOR.alarm));
    expect(within(failing).getByText('–')).toBeTruthy();
    expect(within(failing).getByText('3')).toBeTruthy();
    expect(within(failing).getByText('Connection refused')).toBeTruthy();
    // one node without leases: no node or lease columns
    expect(within(table).queryByText('Recorder node')).toBeNull();
    expect(within(table).queryByText('Lease')).toBeNull();
  });

  it('with recorder leases names the node of each camera and until when, this node marked, other nodes\' cameras by their lease', async () => {
    const lease = (sn: string, nodeId: string, expiresAtMs: number, name: string | null = null) => ({ projectId: 'p1', sn, name, nodeId, expiresAtMs });
    await show([camera({})], 'en', {
      nodeId: 'node-a',
      owners: [lease('CAM-01', 'node-a', AT + 60_000, 'Portal'), lease('CAM-02', 'node-b', AT + 30_000, 'Face'), lease('CAM-03', 'node-b', AT - 5_000)],
    });
    const table = screen.getByRole('table', { name: 'Recordings' });
    expect(within(table).getByText('Recorder node')).toBeTruthy();
    const mine = within(table).getByText('Portal (CAM-01)').closest('tr')!;
    expect(within(mine).getByText('Recording')).toBeTruthy();
    expect(within(mine).getByText('node-a (this node)')).toBeTruthy();
    expect(within(mine).getByText('until 16:01:00')).toBeTruthy();
    // another node records it: that node and its lease instead of a state of this node's
    const other = within(table).getByText('Face (CAM-02)').closest('tr')!;
    expect(within(other).getByText('On another node')).toBeTruthy();
    expect(within(other).queryByText('Stopped')).toBeNull();
    expect(within(other).getByText('node-b')).toBeTruthy();
    expect(within(other).getByText('until 16:00:30')).toBeTruthy();
    // its lease ran out and nobody took it over: said in amber
    const lapsed = within(table).getByText('CAM-03').closest('tr')!;
    expect(within(lapsed).getByText('Lease ended').style.color).toBe(hexToRgb(STATUS_COLOR.warning));
    expect(within(lapsed).getByText('ended 15:59:55')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it('says when no camera is recorded, and is translated', async () => {
    await show([]);
    expect(screen.getByText('No camera is recorded on this server.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await show([camera({ state: 'stopped' })], 'zh-CN');
    expect(screen.getByRole('table', { name: '录像' })).toBeTruthy();
    expect(screen.getByText('已停止')).toBeTruthy();
    expect(screen.getByText('12 s前')).toBeTruthy();
  });
});

/** `#rrggbb` as the `rgb(r, g, b)` a style reads back. */
function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
}
