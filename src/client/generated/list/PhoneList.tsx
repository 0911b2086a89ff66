import Box from '@mui/material/Box';
import { ListContextProvider, SimpleList, useListContext, type ListControllerResult, type RaRecord } from 'react-admin';
import { useMemo, type ReactNode } from 'react';
import { PHONE_SCREEN_ROWS } from '../../../core/list-columns';
import { useDrawnRows } from './chunked-rows';
import { STAND_IN_ITEM, StandInItems } from './StandInRows';

/**
 * An item's height: a line with the row's title and its status, a line with two of its values. Every item has
 * it, drawn or still to come, so that nothing moves when the rows, then their references, arrive.
 */
const ITEM_HEIGHT_PX = 76;
const PRIMARY_LINE_PX = 32;
const SECONDARY_LINE_PX = 20;

const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

const sx = {
  py: 1,
  '& ul': { py: 0, m: 0, listStyle: 'none' },
  '& ul > li': { height: ITEM_HEIGHT_PX, boxSizing: 'border-box', overflow: 'hidden' },
  '& .MuiListItemButton-root': { height: '100%', py: 0 },
  // The title on the left, the status on the right, on one line of one height.
  '& .MuiListItemText-primary > div': {
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    height: PRIMARY_LINE_PX,
  },
  '& .lt-phone-primary': { flex: '1 1 auto', minWidth: 0, ...oneLine },
  '& .RaSimpleList-tertiary': { flex: 'none', float: 'none', ml: 'auto', opacity: 1 },
  '& .MuiListItemText-secondary': { display: 'block', height: SECONDARY_LINE_PX, ...oneLine },
  // Each value has its share of the line from the start: a reference's title arriving does not push the next.
  '& .MuiListItemText-secondary > span > *': { flex: '1 1 0', minWidth: 0, ...oneLine },
  [`& .${STAND_IN_ITEM}`]: { display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: 1.5, px: 2 },
  [`& .${STAND_IN_ITEM} span`]: { display: 'block', height: '0.8em', borderRadius: 1, bgcolor: 'action.hover' },
  [`& .${STAND_IN_ITEM} span:first-of-type`]: { width: '60%' },
  [`& .${STAND_IN_ITEM} span:last-of-type`]: { width: '40%' },
};

/**
 * The list of a phone's screen: react-admin's simple list, its items of one height (each line one line, longer
 * values end in an ellipsis), drawn a few at a time like the table's rows (chunked-rows.ts), and stand-in items
 * holding the place of the rest and of a page still on its way.
 */
export function PhoneList({
  primaryText,
  secondaryText,
  tertiaryText,
  linkType,
}: {
  primaryText: (record: RaRecord) => ReactNode;
  secondaryText: (record: RaRecord) => ReactNode;
  tertiaryText?: (record: RaRecord) => ReactNode;
  linkType: false | 'show' | ((record: RaRecord) => string);
}) {
  const list = useListContext();
  const { rows, standIns } = useDrawnRows(list.data, PHONE_SCREEN_ROWS);
  const drawn = useMemo(() => ({ ...list, data: rows }) as ListControllerResult, [list, rows]);
  return (
    <Box sx={sx}>
      {rows.length ? (
        <ListContextProvider value={drawn}>
          <SimpleList
            data-testid="simple-list"
            primaryText={(record) => <span className="lt-phone-primary">{primaryText(record)}</span>}
            secondaryText={secondaryText}
            tertiaryText={tertiaryText}
            linkType={linkType}
          />
        </ListContextProvider>
      ) : null}
      <StandInItems key={rows.length} count={standIns} />
    </Box>
  );
}
