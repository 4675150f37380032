import { action, makeObservable, observable, runInAction, observableRef } from 'mobx';
import { DEVICES, type TunnelInfo } from '../../protocol';
import type { RequestFn } from '../api/request';

/** Tunnels (bores, headings, face and lining positions) of the current project, from tunnel/list. */
export class TunnelStore {
  /** Replaced as a whole on load; entries are plain data. */
  tunnels: TunnelInfo[] = [];
  loaded = false;

  constructor(private readonly request: RequestFn) {
    makeObservable(this, { tunnels: observableRef, loaded: observable, replace: action });
  }

  /** Loads the tunnels of a project. Throws BusinessError on failure. */
  async load(projectId: string): Promise<void> {
    const list = await this.request(DEVICES.tunnelList, { projectId });
    runInAction(() => this.replace(Array.isArray(list) ? list : []));
  }

  replace(list: TunnelInfo[]): void {
    this.tunnels = list;
    this.loaded = true;
  }

  get(tunnelId: string): TunnelInfo | undefined {
    return this.tunnels.find((t) => t.tunnelId === tunnelId);
  }
}
