import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { RefreshIconButton } from 'react-admin';

/**
 * The app bar's refresh button, a spinner over it while anything loads: react-admin's `LoadingIndicator`, but
 * hearing of requests through the query client's own hooks.
 *
 * react-admin's sets its state on every event of the query cache (hundreds while a list and its references load),
 * each an update React renders at once. Each of them also broke off the list's own render, done in slices, which
 * began again after it, until its time ran out and it was rendered whole. The query client's hooks ask for a render
 * only when the answer changes, and in a transition (shims/react-for-queries.ts).
 */
export function AreaLoadingIndicator() {
  const loading = useIsFetching() + useIsMutating() > 0;
  return (
    <Box sx={{ position: 'relative' }}>
      <RefreshIconButton sx={loading ? { opacity: 0 } : undefined} />
      {loading ? (
        <CircularProgress
          color="inherit"
          size={16}
          thickness={6}
          sx={{ position: 'absolute', top: '30%', left: '30%' }}
        />
      ) : null}
    </Box>
  );
}
