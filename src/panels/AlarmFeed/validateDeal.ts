import type { MessageDescriptor } from '@lingui/core';
import { alarmDealBody } from '../../../protocol';
import { DEAL_VALIDATION } from './labels';

/** Field errors of the handle form; empty when it can be sent. */
export interface DealErrors {
  status?: MessageDescriptor;
  remark?: MessageDescriptor;
}

/**
 * Checks the handle form with the same schema the server uses (protocol alarmDealBody): a status
 * (1 processed, 2 misinformation) and a non-blank remark are required (docs/product.md "Validation and display").
 */
export function validateDeal(form: { dealStatus: number | null; dealRemark: string }): DealErrors {
  const r = alarmDealBody.safeParse({ alarmId: 1, dealStatus: form.dealStatus ?? undefined, dealRemark: form.dealRemark });
  const errors: DealErrors = {};
  if (r.success) return errors;
  for (const issue of r.error.issues) {
    if (issue.path[0] === 'dealStatus') errors.status = DEAL_VALIDATION.status;
    if (issue.path[0] === 'dealRemark') errors.remark = DEAL_VALIDATION.remark;
  }
  return errors;
}
