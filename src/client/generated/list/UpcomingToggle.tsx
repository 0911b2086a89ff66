import EventIcon from '@mui/icons-material/Event';
import ToggleButton from '@mui/material/ToggleButton';
import { useListContext, useTranslate } from 'react-admin';
import { UPCOMING } from '../../../core/list-order';

/**
 * "Upcoming first", pressed: today onward, then the past. Released: every row by that date, latest first (as a
 * click on any column's header also leaves the upcoming order).
 */
export function UpcomingToggle({ field }: { field: string }) {
  const translate = useTranslate();
  const { sort, setSort } = useListContext();
  const upcoming = sort.field === UPCOMING;
  const toggle = () => setSort(upcoming ? { field, order: 'DESC' } : { field: UPCOMING, order: 'ASC' });
  return (
    <ToggleButton
      value="upcoming"
      size="small"
      selected={upcoming}
      onChange={toggle}
      // A tap target of the phone's size (40 px), as every control a thumb uses.
      sx={{ py: 0.25, px: 1, minHeight: 40, textTransform: 'none' }}
      data-testid="upcoming-toggle"
    >
      <EventIcon fontSize="small" sx={{ mr: 0.5 }} />
      {translate('app.list.upcoming')}
    </ToggleButton>
  );
}
