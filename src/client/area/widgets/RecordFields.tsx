import Grid from '@mui/material/Grid';
import { Labeled, RecordContextProvider } from 'react-admin';
import type { AnyResource } from '../../../core/resource';
import { FieldValue } from '../../generated/fields/FieldValue';
import { labels } from '../../../core/labels';

/** Fields of a record, labelled, two to a row from the `sm` breakpoint up (stacked on a phone). */
export function RecordFields({
  config,
  record,
  fields,
}: {
  config: AnyResource;
  record: Record<string, unknown>;
  fields: readonly string[];
}) {
  const wide = (name: string) => ['localized', 'longText', 'images'].includes(config.fields[name]?.kind ?? '');
  return (
    <RecordContextProvider value={record}>
      <Grid container spacing={1}>
        {fields.map((name) => (
          <Grid key={name} size={{ xs: 12, sm: wide(name) ? 12 : 6 }}>
            <Labeled label={labels.field(config, name)} source={name} fullWidth>
              <FieldValue config={config} name={name} source={name} />
            </Labeled>
          </Grid>
        ))}
      </Grid>
    </RecordContextProvider>
  );
}
