import { action, makeObservable, observableRef } from 'mobx';
import type { ShowType } from '../../protocol';
import type { BusinessError } from '../api/request';

/** A message to show the user, per showType (docs/product.md "Notices and errors"). */
export interface Notice {
  id: number;
  showType: ShowType;
  errorCode: string;
  message: string;
}

const MAX_NOTICES = 20;

/**
 * Failed calls waiting to be shown (toast, notification or redirect to /exception). The store only
 * queues them; the app's notice presenter shows and removes them. Silent errors (showType 0) are not
 * queued. Bounded: the oldest drop when a storm of errors arrives.
 */
export class NoticeStore {
  queue: Notice[] = [];
  private nextId = 1;

  constructor() {
    makeObservable(this, { queue: observableRef, push: action, take: action });
  }

  push(err: Pick<BusinessError, 'showType' | 'errorCode' | 'errorMessage'>): void {
    if (err.showType === 0) return;
    const n: Notice = { id: this.nextId++, showType: err.showType, errorCode: err.errorCode, message: err.errorMessage };
    this.queue = [...this.queue, n].slice(-MAX_NOTICES);
  }

  /** Removes and returns everything queued. */
  take(): Notice[] {
    const q = this.queue;
    if (q.length) this.queue = [];
    return q;
  }
}
