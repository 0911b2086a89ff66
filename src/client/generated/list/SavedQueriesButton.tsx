import BookmarkIcon from '@mui/icons-material/BookmarkBorder';
import Box from '@mui/material/Box';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import {
  Button,
  extractValidSavedQueries,
  SavedQueriesList,
  useListContext,
  useSavedQueries,
  useTranslate,
} from 'react-admin';

/**
 * Saved queries (react-admin keeps them per list in the store) behind a toolbar button, so they are at hand at
 * any width, phones included: the popover saves the current filters, applies a saved query or removes it.
 */
export function SavedQueriesButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const translate = useTranslate();
  const { resource } = useListContext();
  const [saved] = useSavedQueries(resource);
  const none = extractValidSavedQueries(saved).length === 0;
  return (
    <>
      <Button
        label="ra.saved_queries.label"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? id : undefined}
        data-testid="saved-queries-button"
      >
        <BookmarkIcon />
      </Button>
      <Popover
        id={id}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box
          sx={{ position: 'relative', p: 2, pt: 1, width: 300, maxWidth: 'calc(100vw - 32px)' }}
          data-testid="saved-queries"
        >
          <SavedQueriesList />
          {/* The list alone says nothing until a query is saved: the first visit is told how. */}
          {none ? (
            <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
              {translate('ra.saved_queries.help')}
            </Typography>
          ) : null}
        </Box>
      </Popover>
    </>
  );
}
