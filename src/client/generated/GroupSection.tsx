import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One group of a view laid out as sections (`layout: 'sections'`): its title, then its fields. */
export function GroupSection({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" data-group={name} sx={{ width: '100%', mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
