import { downloadCSV, type Exporter } from 'react-admin';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { SAFE_CSV_CAST } from '../../core/csv-cell';
import { pickLocalized, type Locale, type LocalizedText } from '../../core/locales';
import { SYSTEM_FIELDS, type AnyResource } from '../../core/resource';

/** CSV of the current filtered list: readable columns, localized text in the active locale, money in minor units. */
export function configExporter(config: AnyResource, locale: Locale): Exporter {
  const names = [
    ...SYSTEM_FIELDS,
    ...Object.entries(config.fields)
      .filter(([, field]) => !field.hidden && !field.writeOnly && field.kind !== 'password')
      .map(([name]) => name),
  ];
  return (records) => {
    const rows = records.map((record: Record<string, unknown>) =>
      Object.fromEntries(
        names
          .filter((name) => name in record)
          .map((name) => {
            const value = record[name];
            const kind = config.fields[name]?.kind;
            if (kind === 'localized') return [name, pickLocalized(value as LocalizedText, locale)];
            if (Array.isArray(value)) return [name, value.join(' ')];
            if (value && typeof value === 'object') return [name, JSON.stringify(value)];
            return [name, value];
          }),
      ),
    );
    downloadCSV(stringify(rows, { header: true, columns: names, cast: SAFE_CSV_CAST }), config.name);
  };
}
