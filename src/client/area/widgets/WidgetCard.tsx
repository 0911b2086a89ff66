import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** The frame of a portal widget: a titled card, with room for a count or an action on the right. */
export function WidgetCard({
  name,
  title,
  aside,
  children,
}: {
  name: string;
  title?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-widget={name} sx={{ height: '100%', contain: 'inline-size' }}>
      <CardContent>
        <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1} sx={{ mb: 1 }}>
          <Typography variant="overline" color="text.secondary" component="h2">
            {title ?? translate(`app.portal.widgets.${name}`, { _: name })}
          </Typography>
          {aside}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
