import { Badge } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';

/**
 * "No 3-level education" in amber (a warning, in words: not by colour alone) for a person no three-level entry
 * education record names (docs/domain.md "Safety education"); nothing for one it names.
 */
export function EntryEducationBadge({ educated }: { educated: boolean }) {
  if (educated) return null;
  return (
    <Badge size="large" color="warning" data-education="missing">
      <Trans>No 3-level education</Trans>
    </Badge>
  );
}
