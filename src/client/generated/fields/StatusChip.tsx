import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { AnyResource } from '../../../core/resource';
import { humanize, labels } from '../labels';

/** A workflow state or enum value as a chip, coloured by the workflow's `tones`. */
export function StatusChip({
  config,
  field,
  value,
  size = 'small',
}: {
  config: AnyResource;
  field: string;
  value: unknown;
  size?: 'small' | 'medium';
}) {
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') return null;
  const state = String(value);
  const tone = config.workflow?.tones?.[state] ?? 'default';
  const label = translate(labels.enumValue(config, field, state), { _: humanize(state) });
  return <Chip size={size} color={tone} label={label} variant={tone === 'default' ? 'outlined' : 'filled'} />;
}
