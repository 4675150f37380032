import { describe, expect, it } from 'vitest';
import { DEAL_MESSAGES, alarmDealBody, alarmListBody, deviceListBody, telemetryHistoryBody } from '../../protocol';
import { parseBody } from './validation';
import { apiErrorOf } from '../../tests/helpers/apiErrorOf';

describe('parseBody', () => {
  it('returns the parsed body with defaults applied', () => {
    expect(parseBody(alarmListBody, { projectId: 'p' })).toMatchObject({ projectId: 'p', page: 1, pageSize: 50 });
  });

  it('names a missing field as required', () => {
    const e = apiErrorOf(() => parseBody(deviceListBody, {}));
    expect(e.code).toBe('VALIDATION');
    expect(e.status).toBe(400);
    expect(e.message).toBe('projectId: required');
  });

  it('names the field and the problem for a wrong value', () => {
    expect(apiErrorOf(() => parseBody(deviceListBody, { projectId: 'p', kind: 'toaster' })).message).toMatch(/^kind: /);
    expect(apiErrorOf(() => parseBody(alarmListBody, { projectId: 'p', pageSize: 5000 })).message).toMatch(/^pageSize: .*500/);
    expect(apiErrorOf(() => parseBody(telemetryHistoryBody, { projectId: 'p', sns: [''], fromMs: 0, toMs: 1 })).message).toMatch(/^sns\.0: /);
  });

  it('keeps the messages of docs/product.md "Validation and display" for handling an alarm', () => {
    expect(apiErrorOf(() => parseBody(alarmDealBody, { alarmId: 1, dealRemark: 'ok' })).message).toBe(`dealStatus: ${DEAL_MESSAGES.status}`);
    expect(apiErrorOf(() => parseBody(alarmDealBody, { alarmId: 1, dealStatus: 0, dealRemark: 'ok' })).message).toBe(`dealStatus: ${DEAL_MESSAGES.status}`);
    expect(apiErrorOf(() => parseBody(alarmDealBody, { alarmId: 1, dealStatus: 1 })).message).toBe(`dealRemark: ${DEAL_MESSAGES.remark}`);
    expect(apiErrorOf(() => parseBody(alarmDealBody, { alarmId: 1, dealStatus: 1, dealRemark: '   ' })).message).toBe(`dealRemark: ${DEAL_MESSAGES.remark}`);
  });

  it('reports a body that is not an object as "body"', () => {
    expect(apiErrorOf(() => parseBody(deviceListBody, [1, 2])).message).toMatch(/^body: /);
    expect(apiErrorOf(() => parseBody(deviceListBody, 'x')).message).toMatch(/^body: /);
  });
});
