import { describe, expect, it } from 'vitest';
import { DEAL_MESSAGES, alarmDealBody, alarmListBody, deviceListBody, telemetryHistoryBody } from '../../protocol';
import { ApiError } from './errors';
import { parseBody } from './validation';

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

describe('parseBody', () => {
  it('returns the parsed body with defaults applied', () => {
    expect(parseBody(alarmListBody, { projectId: 'p' })).toMatchObject({ projectId: 'p', page: 1, pageSize: 50 });
  });

  it('names a missing field as required', () => {
    const e = errorOf(() => parseBody(deviceListBody, {}));
    expect(e.code).toBe('VALIDATION');
    expect(e.status).toBe(400);
    expect(e.message).toBe('projectId: required');
  });

  it('names the field and the problem for a wrong value', () => {
    expect(errorOf(() => parseBody(deviceListBody, { projectId: 'p', kind: 'toaster' })).message).toMatch(/^kind: /);
    expect(errorOf(() => parseBody(alarmListBody, { projectId: 'p', pageSize: 5000 })).message).toMatch(/^pageSize: .*500/);
    expect(errorOf(() => parseBody(telemetryHistoryBody, { projectId: 'p', sns: [''], fromMs: 0, toMs: 1 })).message).toMatch(/^sns\.0: /);
  });

  it('keeps the SPEC §5 messages for handling an alarm', () => {
    expect(errorOf(() => parseBody(alarmDealBody, { alarmId: 1, dealRemark: 'ok' })).message).toBe(`dealStatus: ${DEAL_MESSAGES.status}`);
    expect(errorOf(() => parseBody(alarmDealBody, { alarmId: 1, dealStatus: 0, dealRemark: 'ok' })).message).toBe(`dealStatus: ${DEAL_MESSAGES.status}`);
    expect(errorOf(() => parseBody(alarmDealBody, { alarmId: 1, dealStatus: 1 })).message).toBe(`dealRemark: ${DEAL_MESSAGES.remark}`);
    expect(errorOf(() => parseBody(alarmDealBody, { alarmId: 1, dealStatus: 1, dealRemark: '   ' })).message).toBe(`dealRemark: ${DEAL_MESSAGES.remark}`);
  });

  it('reports a body that is not an object as "body"', () => {
    expect(errorOf(() => parseBody(deviceListBody, [1, 2])).message).toMatch(/^body: /);
    expect(errorOf(() => parseBody(deviceListBody, 'x')).message).toMatch(/^body: /);
  });
});
