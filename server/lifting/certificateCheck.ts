import type { Kysely } from 'kysely';
import { CERTIFICATE_WARNING_DAYS, certificateStatus } from '../../protocol';
import { driversExpiringBefore, type Database } from '../storage';

/** How often the certificate check runs (ms): daily. */
export const CERTIFICATE_CHECK_INTERVAL_MS = 86_400_000;

/** Per project, the drivers whose certificate has expired and those expiring within CERTIFICATE_WARNING_DAYS at `nowMs`. */
export interface CertificateCheck {
  projectId: string;
  expired: Array<{ driverId: string; name: string; certificateExpiryMs: number }>;
  expiring: Array<{ driverId: string; name: string; certificateExpiryMs: number }>;
}

/**
 * The daily certificate check (docs/domain.md "Driver certificates"): which drivers of each project hold an
 * expired certificate, or one expiring within CERTIFICATE_WARNING_DAYS, at `nowMs`. The server logs the result
 * as a warning once a day; the driver list shows the same status on every read, and a clock-in with an expired
 * certificate raises an alarm (server/lifting/clockIns.ts).
 */
export async function checkCertificates(db: Kysely<Database>, nowMs: number): Promise<CertificateCheck[]> {
  const rows = await driversExpiringBefore(db, nowMs + CERTIFICATE_WARNING_DAYS * 86_400_000 + 1);
  const byProject = new Map<string, CertificateCheck>();
  for (const r of rows) {
    let c = byProject.get(r.project_id);
    if (!c) byProject.set(r.project_id, (c = { projectId: r.project_id, expired: [], expiring: [] }));
    const status = certificateStatus(r.certificate_expiry_ms, nowMs);
    if (status === 'valid') continue;
    c[status].push({ driverId: r.driver_id, name: r.name, certificateExpiryMs: r.certificate_expiry_ms });
  }
  return [...byProject.values()];
}
