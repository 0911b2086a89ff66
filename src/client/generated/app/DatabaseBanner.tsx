import Alert from '@mui/material/Alert';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import { healthWatch } from '../health-watch';

const subscribe = (onChange: () => void) => healthWatch.subscribe(onChange);
const isAway = () => healthWatch.away;

/**
 * A banner across the area while the server says its database is away (SPEC §10). It goes by itself when the
 * database is back, and the screen's data is fetched again then, so nothing shown is left from the outage.
 */
export function DatabaseBanner() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const away = useSyncExternalStore(subscribe, isAway, () => false);
  const wasAway = useRef(away);
  useEffect(() => {
    if (wasAway.current && !away) refresh();
    wasAway.current = away;
  }, [away, refresh]);
  if (!away) return null;
  return (
    <Alert severity="error" variant="filled" square role="alert" data-testid="database-banner" sx={{ borderRadius: 0 }}>
      {translate('app.fault.banner')}
    </Alert>
  );
}
