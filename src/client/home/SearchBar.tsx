import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '../i18n/context';
import { catalog, type Names, type Search } from './catalog';

/**
 * Built from FormControl + OutlinedInput with native selects rather than TextField: TextField
 * always imports Select → Menu → Popover → Modal, which the home page's budget cannot carry.
 */
function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <FormControl size="small" fullWidth>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      {children(id)}
    </FormControl>
  );
}

export function SearchBar({ value, names, onSearch }: { value: Search; names: Names; onSearch(search: Search): void }) {
  const t = useT();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };
  const empty = !draft.q && !draft.date && Object.values(draft.refs).every((v) => !v);

  return (
    <Paper
      component="form"
      role="search"
      onSubmit={submit}
      elevation={3}
      sx={{
        p: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr auto' },
        alignItems: 'center',
      }}
    >
      <Field label={t('app.home.searchLabel')}>
        {(id) => (
          <OutlinedInput
            id={id}
            notched
            label={t('app.home.searchLabel')}
            placeholder={t('app.home.searchPlaceholder')}
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            inputProps={{ 'data-testid': 'search-q' }}
          />
        )}
      </Field>
      {catalog.filters.map((f) => (
        <Field key={f.labelKey} label={t(`app.home.${f.labelKey}`)}>
          {(id) => (
            <NativeSelect
              id={id}
              value={draft.refs[f.labelKey] ?? ''}
              onChange={(e) => setDraft({ ...draft, refs: { ...draft.refs, [f.labelKey]: e.target.value } })}
              input={<OutlinedInput notched label={t(`app.home.${f.labelKey}`)} />}
              data-testid={`search-${f.labelKey}`}
            >
              <option value="">{t(`app.home.${f.anyKey}`)}</option>
              {[...(names[f.labelKey] ?? new Map<number, string>())].map(([key, name]) => (
                <option key={key} value={String(key)}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      ))}
      <Field label={t('app.home.date')}>
        {(id) => (
          <OutlinedInput
            id={id}
            notched
            type="date"
            label={t('app.home.date')}
            value={draft.date}
            onChange={(e) => setDraft({ ...draft, date: e.target.value })}
            inputProps={{ 'data-testid': 'search-date' }}
          />
        )}
      </Field>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {t('app.home.search')}
        </Button>
        {!empty && (
          <Button
            onClick={() => {
              const cleared = { q: '', date: '', refs: {} };
              setDraft(cleared);
              onSearch(cleared);
            }}
          >
            {t('app.home.clear')}
          </Button>
        )}
      </div>
    </Paper>
  );
}
