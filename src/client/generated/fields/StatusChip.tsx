import Chip from '@mui/material/Chip';
import { useTranslate, type TranslateFunction } from 'react-admin';
import type { AnyResource } from '../../../core/resource';
import { enumLabel } from '../../../core/value-text';

/** An enum's (or a status's) value in the reader's language. */
export function enumText(config: AnyResource, name: string, value: string, translate: TranslateFunction): string {
  const { key, fallback } = enumLabel(config, name, value);
  return translate(key, { _: fallback });
}

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
  const label = enumText(config, field, state, translate);
  return <Chip size={size} color={tone} label={label} variant={tone === 'default' ? 'outlined' : 'filled'} />;
}
