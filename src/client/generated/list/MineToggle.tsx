import PersonIcon from '@mui/icons-material/PersonOutline';
import ToggleButton from '@mui/material/ToggleButton';
import { useGetIdentity, useListContext, useTranslate } from 'react-admin';

/** Filters the list on the signed-in admin in `field` (e.g. complaints assigned to me). */
export function MineToggle({ field }: { field: string }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const mine = identity?.id !== undefined && String(filterValues?.[field] ?? '') === String(identity.id);
  const toggle = () => {
    const { [field]: _old, ...rest } = filterValues ?? {};
    setFilters(mine ? rest : { ...rest, [field]: identity?.id }, displayedFilters);
  };
  return (
    <ToggleButton
      value="mine"
      size="small"
      selected={mine}
      onChange={toggle}
      disabled={identity?.id === undefined}
      sx={{ py: 0.25, px: 1, textTransform: 'none' }}
      data-testid="mine-toggle"
    >
      <PersonIcon fontSize="small" sx={{ mr: 0.5 }} />
      {translate('app.list.mine', { _: 'Mine' })}
    </ToggleButton>
  );
}
