import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useQueryClient } from '@tanstack/react-query';
import { AMBIENT } from '../query-client';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useBasename, useDataProvider, useGetList, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../core/format';
import { useRegistry } from '../context';
import type { LanternDataProvider } from '../data-provider';
import { useActiveLocale } from '../active-locale';

interface NotificationRow {
  id: number;
  createdAt: string;
  event: string;
  resource: string;
  recordId: number;
  message: string;
  readAt: string | null;
}

/** How often the unread count is asked while no live event says it changed. */
const REFRESH_MS = 30_000;
const LATEST = 20;
/** Past this the badge shows `99+`. */
const MAX_SHOWN = 99;

/**
 * The bell of the admin and partner app bars (SPEC §8): the unread count as a badge, the latest 20 in a menu, "mark
 * all read", and a click that marks one read and opens its record in this area. Present only in areas whose
 * registry has the notifications store.
 */
export function NotificationBell() {
  const registry = useRegistry();
  const store = registry.resources.find((config) => config.notificationStore);
  const route = store ? registry.routeOf(store.name) : undefined;
  return store && route ? <Bell route={route} /> : null;
}

function Bell({ route }: { route: string }) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  const registry = useRegistry();
  const basename = useBasename();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<LanternDataProvider>();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { total: unread = 0 } = useGetList(
    route,
    { filter: { unread: true }, pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' } },
    { refetchInterval: REFRESH_MS, meta: AMBIENT },
  );
  const { data: latest = [], isPending } = useGetList<NotificationRow & { id: number }>(
    route,
    { pagination: { page: 1, perPage: LATEST }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} },
    { enabled: Boolean(anchor), meta: AMBIENT },
  );
  const shown = unread > MAX_SHOWN ? `${MAX_SHOWN}+` : unread;
  const refresh = () => queryClient.invalidateQueries({ queryKey: [route] });

  const open = async (notification: NotificationRow) => {
    setAnchor(null);
    if (!notification.readAt) await dataProvider.runAction(route, notification.id, 'read').catch(() => undefined);
    void refresh();
    const target = registry.routeOf(notification.resource);
    if (target) navigate(`${basename}/${target}/${notification.recordId}/show`);
  };
  const markAllRead = async () => {
    await dataProvider.sendJson('POST', `/${registry.toApi(route)}/-/read-all`, {});
    void refresh();
  };

  return (
    <>
      <IconButton
        color="inherit"
        // The name holds the badge's text as a word of its own (WCAG 2.5.3, label in name): `99+` when it shows that.
        aria-label={translate('app.notifications.open', { smart_count: shown })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="notification-bell"
      >
        <Badge
          // Hidden at 0, MUI's badge keeps the count it had for its exit animation: a text the name no longer
          // holds. Drawn anew when the count reaches 0, it holds nothing stale.
          key={unread ? 'unread' : 'none'}
          badgeContent={unread}
          color="error"
          max={MAX_SHOWN}
          data-testid="notification-count"
        >
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 360, maxWidth: '90vw' } } }}
        data-testid="notification-menu"
      >
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
            {translate('app.notifications.title')}
          </Typography>
          <Button size="small" onClick={markAllRead} disabled={!unread} data-testid="notification-read-all">
            {translate('app.notifications.markAllRead')}
          </Button>
        </Box>
        <Divider />
        {!isPending && !latest.length ? <MenuItem disabled>{translate('app.notifications.empty')}</MenuItem> : null}
        {latest.map((notification) => (
          <MenuItem
            key={notification.id}
            onClick={() => void open(notification)}
            data-testid="notification-item"
            data-unread={notification.readAt ? undefined : 'true'}
            sx={{ whiteSpace: 'normal', alignItems: 'flex-start' }}
          >
            <ListItemText
              primary={notification.message}
              secondary={formatDateTime(notification.createdAt, locale)}
              slotProps={{ primary: { sx: { fontWeight: notification.readAt ? 400 : 600 } } }}
            />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate(`${basename}/${route}`);
          }}
        >
          {translate('app.notifications.all')}
        </MenuItem>
      </Menu>
    </>
  );
}
