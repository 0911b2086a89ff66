import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { EditBase, SaveButton, SimpleForm, Toolbar, useNotify, useTranslate } from 'react-admin';
import { writableFieldsFor } from '../../../core/access';
import type { AnyResource } from '../../../core/resource';
import type { Principal } from '../../../core/roles';
import { FieldInput } from '../../generated/fields/FieldInput';
import { CurrentPasswordInput } from '../../generated/fields/CurrentPasswordInput';
import { formGroups, pickWritable } from '../../generated/GeneratedForm';
import { humanize, labels } from '../../../core/labels';
import { configResolver } from '../../generated/resolver';
import { saveNotice } from '../../generated/save-notice';

/**
 * The account's own details as a form: the chosen groups of its edit view (contact, bank details for payouts), or
 * the chosen fields, where a new password goes with the current one (the server asks for it).
 */
export default function AccountForm({
  config,
  id,
  principal,
  groups,
  fields,
}: {
  config: AnyResource;
  id: number;
  principal: Principal;
  groups?: readonly string[];
  fields?: readonly string[];
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const proof = config.account?.verifiedField;
  const writable = useMemo(() => writableFieldsFor(config, principal, 'update'), [config, principal]);
  const sections = fields
    ? [{ name: '', fields }]
    : formGroups(config, 'edit')
        .filter((group) => groups?.includes(group.name))
        .map((group) => ({
          name: group.name,
          fields: (group.fields as readonly string[]).filter((name) => config.fields[name]?.kind !== 'password'),
        }));
  const editable = sections.flatMap((section) => section.fields).filter((name) => writable.includes(name));
  // A string key keeps the resolver stable while the same fields are validated.
  const editableKey = editable.join(',');
  const resolver = useMemo(
    () => configResolver(config, 'update', editableKey ? editableKey.split(',') : [], translate),
    [config, editableKey, translate],
  );
  return (
    <EditBase
      resource={config.name}
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      transform={(values: Record<string, unknown>) => pickWritable(config, values, editable, 'edit')}
      mutationOptions={{
        // A new address has to be proved (`account.verifiedField` emptied, a link mailed to it): say so.
        onSuccess: (saved: Record<string, unknown>) =>
          proof && saved?.[proof] === null
            ? notify('app.verifyEmail.newAddress', { type: 'info' })
            : notify(...saveNotice(translate, config.name, 'updated')),
      }}
    >
      <SimpleForm
        resolver={resolver}
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
        sx={{ p: 0 }}
      >
        {sections.map((section) => (
          <Grid container spacing={1} key={section.name} sx={{ width: '100%' }}>
            {section.name ? (
              <Grid size={{ xs: 12 }}>
                <Typography variant="subtitle2" sx={{ mt: 1 }}>
                  {translate(labels.group(config, section.name), { _: humanize(section.name) })}
                </Typography>
              </Grid>
            ) : null}
            {section.fields.map((name) => (
              <Grid key={name} size={{ xs: 12, sm: 6 }}>
                <FieldInput config={config} name={name} mode="edit" disabled={!writable.includes(name)} />
                {config.fields[name]?.kind === 'password' && writable.includes(name) ? (
                  <CurrentPasswordInput config={config} />
                ) : null}
              </Grid>
            ))}
          </Grid>
        ))}
      </SimpleForm>
    </EditBase>
  );
}
