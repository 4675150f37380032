import { describe, expect, it } from 'vitest';
import { parseCsv, readDeviceImport } from './deviceImport';

describe('device import', () => {
  it('reads RFC 4180 CSV: quoted commas, doubled quotes, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,"b, c","say ""hi"""\r\n1,2,3\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', '2', '3'],
    ]);
  });

  it('reports an unknown column and missing required ones on the header row, and reads nothing', async () => {
    const r = await readDeviceImport('csv', Buffer.from('sn,kind,colour\nA,gas,red\n'));
    expect(r.devices).toEqual([]);
    expect(r.problems.map((p) => [p.row, p.field])).toEqual([
      [1, 'colour'],
      [1, 'name'],
      [1, 'reportperiods'],
    ]);
  });

  it('turns a good row into a registry device: headers in any case, gases split, empty cells null', async () => {
    const r = await readDeviceImport('csv', Buffer.from('Name,SN,Kind,ReportPeriodS,Gases,ChainageM\nFace,G-1,gas,10,CO; O2,\n'));
    expect(r.problems).toEqual([]);
    expect(r.devices).toEqual([{ sn: 'G-1', kind: 'gas', name: 'Face', station: '', position: '', tunnelId: null, chainageM: null, reportPeriodS: 10, gases: ['CO', 'O2'], vehicle: null }]);
  });

  it('reads a vehicle row with its plate, type, driver and source, and names what a vehicle row lacks', async () => {
    const r = await readDeviceImport('csv', Buffer.from('sn,kind,name,reportPeriodS,plate,vehicleType,driver,source\nVH-1,vehicle,Loader,1,SD-101,loader,Li Wei,own\nVH-2,vehicle,Truck,1,,,,\nG-2,gas,Face,10,SD-9,loader,,own\n'));
    expect(r.devices.map((d) => d.vehicle)).toEqual([{ plate: 'SD-101', type: 'loader', driver: 'Li Wei', source: 'own' }]);
    expect(r.problems).toEqual([
      { row: 3, field: 'plate', message: 'a vehicle needs its plate, vehicleType and source' },
      { row: 4, field: 'plate', message: 'only vehicles have plate, vehicleType, driver and source' },
    ]);
  });

  it('says a file that is not a workbook cannot be read', async () => {
    const r = await readDeviceImport('xlsx', Buffer.from('not a zip'));
    expect(r.problems).toEqual([{ row: 0, field: 'file', message: 'not a readable xlsx file' }]);
  });

  it("reads a camera's stream source, and refuses one on a kind without video or with a URL of the wrong scheme", async () => {
    const ok = await readDeviceImport('csv', Buffer.from('sn,kind,name,reportPeriodS,streamSource,mainUrl,subUrl\nCAM-9,camera,Gate,60,rtsp,rtsp://u:p@10.0.0.9/101,rtsp://u:p@10.0.0.9/102\nCAM-8,camera,Yard,60,,,\n'));
    expect(ok.problems).toEqual([]);
    expect(ok.streams).toEqual([{ sn: 'CAM-9', source: 'rtsp', mainUrl: 'rtsp://u:p@10.0.0.9/101', subUrl: 'rtsp://u:p@10.0.0.9/102' }]);
    const bad = await readDeviceImport('csv', Buffer.from('sn,kind,name,reportPeriodS,streamSource,mainUrl\nG-1,gas,Face,10,demo,\nCAM-7,camera,Gate,60,rtsp,http://x/1\nCAM-6,camera,Gate,60,,rtsp://x/1\n'));
    expect(bad.problems.map((p) => [p.row, p.field])).toEqual([
      [2, 'streamSource'],
      [3, 'mainUrl'],
      [4, 'streamSource'],
    ]);
    expect(bad.streams).toEqual([]);
  });
});
