import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useFormState } from 'react-hook-form';
import { TextInput, useTranslate, useWrappedSource } from 'react-admin';
import type { LocalizedField } from '../../../core/fields';
import { LOCALES, type Locale } from '../../../core/locales';

/** Localized text: one tab per language; every tab stays mounted so its value and errors are kept. */
export function LocalizedInput({
  source,
  label,
  field,
  disabled,
  initialLocale,
}: {
  source: string;
  label: string;
  field: LocalizedField;
  disabled?: boolean;
  initialLocale: Locale;
}) {
  const translate = useTranslate();
  const [active, setActive] = useState<Locale>(initialLocale);
  // Inside a list's row the source is the row's key: its errors sit under the row's path (`ticketTypes.0.name`).
  const path = useWrappedSource(source);
  const { errors } = useFormState({ name: path });
  const own = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
    { message?: string; [locale: string]: unknown } | undefined;
  const hasError = (locale: Locale) => Boolean(own && typeof own === 'object' && locale in own);
  const required = field.required || Boolean(field.requiredLocales?.length);
  return (
    <Box sx={{ width: '100%', mb: 1 }} data-field={source}>
      <Typography variant="caption" color={own ? 'error' : 'text.secondary'}>
        {translate(label, { _: label })}
        {required ? ' *' : ''}
      </Typography>
      <Tabs
        value={active}
        onChange={(_, value: Locale) => setActive(value)}
        variant="scrollable"
        sx={{ minHeight: 36 }}
      >
        {LOCALES.map((locale) => (
          <Tab
            key={locale}
            value={locale}
            label={translate(`app.language.${locale}`, { _: locale })}
            sx={{ minHeight: 36, color: hasError(locale) ? 'error.main' : undefined }}
            data-locale={locale}
          />
        ))}
      </Tabs>
      {LOCALES.map((locale) => (
        <Box key={locale} hidden={locale !== active}>
          <TextInput
            source={`${source}.${locale}`}
            label={false}
            multiline={field.long}
            minRows={field.long ? 3 : undefined}
            disabled={disabled}
            fullWidth
            inputProps={{ lang: locale, 'aria-label': `${translate(label, { _: label })} (${locale})` }}
          />
        </Box>
      ))}
      {own && typeof own.message === 'string' && own.message ? (
        <FormHelperText error>{own.message}</FormHelperText>
      ) : null}
    </Box>
  );
}
