import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SiteHeader } from '../home/SiteHeader';
import { MuiFrame } from '../theme/MuiFrame';

/** The frame of the public sign-in and sign-up forms. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <MuiFrame>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
        <SiteHeader />
        <Container component="main" maxWidth="xs" sx={{ py: { xs: 4, md: 8 } }}>
          <Paper sx={{ p: { xs: 3, sm: 4 } }} elevation={2}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                {subtitle}
              </Typography>
            )}
            {children}
          </Paper>
        </Container>
      </Box>
    </MuiFrame>
  );
}
