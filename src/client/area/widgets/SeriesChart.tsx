import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslate } from 'react-admin';
import type { Locale } from '../../../core/locales';
import { useActiveLocale } from '../../generated/fields/FieldValue';
import { humanize } from '../../../core/labels';
import { formatDate, formatMoney, formatNumber, toMajor } from '../../../core/format';

/** `YYYY-MM` periods as short month names of the active locale; other labels pass through. */
function periodLabel(value: unknown, locale: Locale): string {
  const text = String(value ?? '');
  if (!/^\d{4}-\d{2}$/.test(text)) return text;
  return formatDate(`${text}-01`, locale, 'monthYearShort');
}

/** Stacked bars of money series (minor units), axis and tooltip in the locale's format. */
export default function SeriesChart({
  rows,
  x,
  y,
  currency,
}: {
  rows: Record<string, unknown>[];
  x: string;
  y: readonly string[];
  currency?: string;
}) {
  const theme = useTheme();
  const translate = useTranslate();
  const locale = useActiveLocale();
  const code = currency ?? 'LAK';
  const colors = [theme.palette.primary.main, theme.palette.warning.main, theme.palette.success.main];
  return (
    <Box sx={{ width: '100%', height: 300 }} data-testid="series-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey={x} tickFormatter={(value) => periodLabel(value, locale)} fontSize={12} />
          <YAxis
            tickFormatter={(value: number) =>
              formatNumber(toMajor(value, code), locale, { notation: 'compact', maximumFractionDigits: 1 })
            }
            fontSize={12}
            width={56}
          />
          <Tooltip
            labelFormatter={(value) => periodLabel(value, locale)}
            formatter={(value, name) => [formatMoney(Number(value), code, locale), name]}
          />
          <Legend />
          {y.map((key, index) => (
            <Bar
              key={key}
              dataKey={key}
              name={translate(`app.portal.amounts.${key}`, { _: humanize(key) })}
              stackId="money"
              fill={colors[index % colors.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
