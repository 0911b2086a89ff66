import { downloadCSV, type Exporter } from 'react-admin';
import { csvDocument } from '../../core/csv';
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
      names.map((name) => {
        const value = record[name];
        if (config.fields[name]?.kind === 'localized') return pickLocalized(value as LocalizedText, locale);
        if (Array.isArray(value)) return value.join(' ');
        return value;
      }),
    );
    downloadCSV(csvDocument([names, ...rows]), config.name);
  };
}
