import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

export function Loading() {
  return (
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0 }} role="progressbar" aria-busy="true">
      <LinearProgress />
    </Box>
  );
}
