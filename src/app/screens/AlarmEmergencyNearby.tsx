import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import { EMERGENCY, emergencyAccidentTypes, formatChainage, type AlarmDetail } from '../../../protocol';
import { useQuery } from '../../stores';
import { SCREEN } from '../../theme/theme';

/**
 * An SOS or gas alarm's emergency help (docs/domain.md "Emergency resources"): the supply points of its bore
 * nearest the alarm's place, with contact and phone, and the plans' leaders and contacts. Nothing for other alarms.
 */
export const AlarmEmergencyNearby = observer(function AlarmEmergencyNearby({ projectId, detail }: { projectId: string; detail: AlarmDetail }) {
  const { t } = useLingui();
  const accidentTypes = emergencyAccidentTypes(detail.alarm);
  const body = accidentTypes === null ? null : { projectId, tunnelId: detail.location.tunnelId, chainageM: detail.location.chainageM, accidentTypes };
  const nearby = useQuery(EMERGENCY.nearby, body, { keepPrevious: false }).data;
  if (accidentTypes === null || !nearby) return null;
  return (
    <>
      <dt>
        <Trans>Nearest supply points</Trans>
      </dt>
      <dd style={{ margin: 0 }} data-nearby-supply-points>
        {nearby.supplyPoints.length === 0 ? (
          <span style={{ color: SCREEN.textMuted }}>{t`None in this bore`}</span>
        ) : (
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {nearby.supplyPoints.map((p) => (
              <li key={p.recordId}>
                <strong>{p.name}</strong> {p.tunnelId} {formatChainage(p.chainageM)} · {t`${Math.round(p.distanceM)} m away`} · {p.contact} {p.phone}
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>
        <Trans>Plan contacts</Trans>
      </dt>
      <dd style={{ margin: 0 }} data-plan-contacts>
        {nearby.plans.map((p) => (
          <div key={p.recordId} style={{ marginBottom: 6 }}>
            <strong>{p.name}</strong>
            <div>
              {p.leader} {p.leaderPhone}
              {p.contacts.map((c) => ` · ${c.name} ${c.phone}`).join('')}
            </div>
          </div>
        ))}
      </dd>
    </>
  );
});
