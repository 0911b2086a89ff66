import DownloadIcon from '@mui/icons-material/GetApp';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Button, Loading, useTranslate } from 'react-admin';

/**
 * One chart or table of the statistics page: a title, a CSV download of exactly the rows shown (offered once
 * there are rows), and the content, or a loader while it loads, or "no data" when `empty`.
 */
export function ChartCard({
  title,
  subheader,
  onCsv,
  testId,
  pending,
  empty,
  height = 300,
  children,
}: {
  title: string;
  subheader?: ReactNode;
  onCsv?: () => void;
  testId: string;
  pending: boolean;
  empty: boolean;
  /** The content's height; `auto` for tables. */
  height?: number | 'auto';
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid={testId} sx={{ height: '100%' }}>
      <CardHeader
        title={title}
        subheader={subheader}
        titleTypographyProps={{ variant: 'subtitle1', component: 'h3' }}
        subheaderTypographyProps={{ variant: 'body2', component: 'div' }}
        action={
          onCsv && !pending && !empty ? (
            <Button label="app.statistics.csv" onClick={onCsv} data-testid={`${testId}-csv`}>
              <DownloadIcon />
            </Button>
          ) : null
        }
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ height: pending || empty ? 300 : height }}>
        {pending ? (
          <Loading />
        ) : empty ? (
          <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
            <Typography color="text.secondary">{translate('app.statistics.noData')}</Typography>
          </Box>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
