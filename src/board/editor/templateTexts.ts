import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * Names and descriptions of the standard boards (server/seed/templates.ts, board/standardList) in the
 * app's languages, by templateId. The server sends English; a template not listed here shows the
 * server's text.
 */
export const TEMPLATE_TEXTS: Record<string, { name: MessageDescriptor; description: MessageDescriptor }> = {
  'tunnel-safety': {
    name: msg`Tunnel safety: live`,
    description: msg`Headline figures and personnel in the bores across the top; face gas trend, all gas stations, a tower crane and the alarm feed below.`,
  },
  'tunnel-carousel': {
    name: msg`Tunnel wall screen: personnel and gas carousel`,
    description: msg`Two pages that alternate every 30 s: the personnel map with active SOS and gas alarms, then the gas stations with two face trends.`,
  },
  'bridge-lifting': {
    name: msg`Bridge: lifting and pile-hole safety`,
    description: msg`Four pylon tower cranes with the lifting alarms, and a second page for gas in hand-dug pile holes (O2, CO, H2S, CH4).`,
  },
  'road-overview': {
    name: msg`Road section: safety overview`,
    description: msg`Untreated alarms down the left, the interchange tower cranes and the gas stations of culverts and short tunnels.`,
  },
  'road-short-tunnel': {
    name: msg`Road short tunnel: site office screen`,
    description: msg`For a 1366×768 office screen: personnel in a short road tunnel, its face gas trend and the active alarms.`,
  },
  'tunnel-attendance': {
    name: msg`Tunnel labour attendance`,
    description: msg`The personnel in the bores across the top; the live labour count on site and per bore by the gates and by the beacons with the discrepancies, and the cooperating companies' attendance today.`,
  },
  'site-environment': {
    name: msg`Site environment`,
    description: msg`The site's dust and noise monitor now and its weather, the air-quality trend with its limits, the seven days' daily means with the compliant days, noise by day and night, and the fog cannons.`,
  },
  'project-home': {
    name: msg`Project home`,
    description: msg`The project's summary and design figures, key progress by structure type, the statistics (machinery by state, attendance today, alarms, safe days), the latest events and the alarm feed.`,
  },
};

/** Words of the template categories (BOARD_TEMPLATE_CATEGORIES). */
export const CATEGORY_TEXTS: Record<string, MessageDescriptor> = {
  tunnel: msg`Tunnel`,
  bridge: msg`Bridge`,
  road: msg`Road`,
};
