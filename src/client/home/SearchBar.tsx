import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '../i18n/context';
import { catalog, type Names, type Search } from './catalog';
import { Icon } from './icons';

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="lt-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/** Text, filter and date search of the catalog; native controls keep it light and work on every phone. */
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
    <form className="lt-search" role="search" onSubmit={submit}>
      <Field label={t('app.home.searchLabel')}>
        {(id) => (
          <input
            id={id}
            type="search"
            placeholder={t('app.home.searchPlaceholder')}
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            data-testid="search-q"
          />
        )}
      </Field>
      {catalog.filters.map((f) => (
        <Field key={f.labelKey} label={t(`app.home.${f.labelKey}`)}>
          {(id) => (
            <select
              id={id}
              value={draft.refs[f.labelKey] ?? ''}
              onChange={(e) => setDraft({ ...draft, refs: { ...draft.refs, [f.labelKey]: e.target.value } })}
              data-testid={`search-${f.labelKey}`}
            >
              <option value="">{t(`app.home.${f.anyKey}`)}</option>
              {[...(names[f.labelKey] ?? new Map<number, string>())].map(([key, name]) => (
                <option key={key} value={String(key)}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
      ))}
      <Field label={t('app.home.date')}>
        {(id) => (
          <input
            id={id}
            type="date"
            value={draft.date}
            onChange={(e) => setDraft({ ...draft, date: e.target.value })}
            data-testid="search-date"
          />
        )}
      </Field>
      <div className="lt-search__actions">
        <button type="submit" className="lt-button lt-button--contained">
          <Icon name="search" size={20} />
          {t('app.home.search')}
        </button>
        {!empty && (
          <button
            type="button"
            className="lt-button"
            onClick={() => {
              const cleared = { q: '', date: '', refs: {} };
              setDraft(cleared);
              onSearch(cleared);
            }}
          >
            {t('app.home.clear')}
          </button>
        )}
      </div>
    </form>
  );
}
