import { action, makeObservable, observable } from 'mobx';

/**
 * Which device's detail dialog is open (docs/product.md "Board model"): panels call `openDetail(sn)` on a click, the board
 * view shows the dialog. One at a time; opening another replaces it.
 */
export class DeviceDetailStore {
  /** Serial number of the device shown, null when the dialog is closed. */
  sn: string | null = null;

  constructor() {
    makeObservable(this, { sn: observable, openDetail: action, close: action });
  }

  /** Opens the detail of device `sn` (an unknown sn shows "unknown device" rather than nothing). */
  openDetail(sn: string): void {
    this.sn = sn;
  }

  close(): void {
    this.sn = null;
  }
}
