import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatMoney } from '../../core/format';
import { useLocale, useT } from '../i18n/context';
import { translateServerText } from '../generated/i18n-server-messages';
import { loginWithReturn } from '../shell/safe-redirect';
import { translateFieldErrors } from '../shell/server-field-errors';
import { ApiError, getOne, post, type Row } from './api';
import { whoIsSignedIn, type Me } from './me';
import { booking, occurrencePlace, occurrenceWhen, ticketPrice, type CatalogItem, type Ticket } from './catalog';

/** The choice rides in the page's URL, so signing in or up brings the visitor back to the same one. */
const DEPARTURE = 'departure';
const SEATS = 'seats';

/**
 * Booking on an item's page (resources/public-site.ts `booking`): a departure, the seats and the contact, prefilled
 * from the signed-in account; the server prices the booking and holds the seats, and the new booking's page in the
 * account's area follows. Signed out, the same choice goes through sign-in or sign-up and comes back here.
 */
export default function BookingForm({ item }: { item: CatalogItem }) {
  const config = booking!;
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const [me, setMe] = useState<Me | undefined>(undefined);
  const [contact, setContact] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const open = item.occurrences.filter((o) => o.seatsLeft === undefined || o.seatsLeft > 0);
  const chosen = open.find((o) => String(o.id) === params.get(DEPARTURE)) ?? open[0];
  const maxSeats = Math.max(1, Math.min(config.maxSeats, chosen?.seatsLeft ?? config.maxSeats));
  // One stepper per ticket type; an item without types books seats at its price, as the default type.
  const tickets: Ticket[] = item.tickets.length ? item.tickets : [{ code: '', name: '', price: item.price }];
  const several = config.lines !== undefined && item.tickets.length > 0;
  // The default type's count rides in `seats` (1 unless set), each other's in `seats.CODE` (0 unless set).
  const paramOf = (index: number) => (index === 0 ? SEATS : `${SEATS}.${tickets[index].code}`);
  const asked = tickets.map((_, index) => {
    const raw = params.get(paramOf(index));
    const fallback = index === 0 ? 1 : 0;
    return Math.max(0, Math.floor(raw === null || raw === '' ? fallback : Number(raw) || 0));
  });
  // Seats beyond what is left are dropped from the last types first.
  let room = maxSeats;
  const counts = asked.map((n) => {
    const kept = Math.min(n, room);
    room -= kept;
    return kept;
  });
  const seats = counts.reduce((sum, n) => sum + n, 0);
  const total = tickets.reduce((sum, ticket, index) => sum + counts[index] * ticketPrice(ticket, index, chosen), 0);

  useEffect(() => {
    let live = true;
    whoIsSignedIn(locale)
      .then(async (account) => {
        if (!live) return;
        const who = account as Me;
        setMe(who);
        if (who?.kind !== config.account.kind) return;
        const row: Row = await getOne(config.account.resource, who.id, locale).catch(() => ({ id: who.id }));
        if (!live) return;
        setContact(
          Object.fromEntries(
            Object.entries(config.contact).map(([name, { from }]) => [
              name,
              String(row[from] ?? who[from as 'email'] ?? ''),
            ]),
          ),
        );
      })
      .catch(() => live && setMe(null));
    return () => {
      live = false;
    };
  }, [config, locale]);

  const choose = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(name, value);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  const here = useMemo(() => {
    const query = new URLSearchParams(params);
    if (chosen) query.set(DEPARTURE, String(chosen.id));
    query.set(SEATS, String(counts[0]));
    return `${pathname}?${query}`;
  }, [params, pathname, chosen, counts]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    if (seats < 1) {
      setFailure(t('app.booking.chooseSeats'));
      return;
    }
    setBusy(true);
    setErrors({});
    setFailure(undefined);
    try {
      const created = await post<Row>(
        config.resource,
        {
          [config.occurrence]: chosen.id,
          ...(several && config.lines
            ? {
                [config.lines.field]: tickets
                  .map((ticket, index) => ({
                    [config.lines!.type]: ticket.code,
                    [config.lines!.quantity]: counts[index],
                  }))
                  .filter((_, index) => counts[index] > 0),
              }
            : { [config.seats]: seats }),
          ...contact,
        },
        locale,
      );
      navigate(`/${locale}/${config.account.area}/${config.account.path}/${created.id}`);
    } catch (error) {
      // The server's refusals come in English: they are shown in the page's language.
      if (error instanceof ApiError && error.errors) setErrors(translateFieldErrors(t, error.errors));
      setFailure(
        error instanceof ApiError && error.status !== 500
          ? translateServerText(t, error.message, locale)
          : t('app.error.network'),
      );
    } finally {
      setBusy(false);
    }
  };

  if (!open.length) return null;
  const signedOut = me === null;
  const otherKind = me && me.kind !== config.account.kind;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="booking-title" data-testid="booking">
      <Typography variant="h6" component="h2" id="booking-title" gutterBottom>
        {t('app.booking.title')}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <TextField
          select
          label={t('app.booking.departure')}
          value={chosen ? String(chosen.id) : ''}
          onChange={(event) => choose(DEPARTURE, event.target.value)}
          error={Boolean(errors[config.occurrence])}
          // The seats left of the chosen departure below its box: beside the date in one line, a phone cut them off.
          helperText={
            errors[config.occurrence] ??
            (chosen?.seatsLeft !== undefined ? t('app.home.seatsLeft', { smart_count: chosen.seatsLeft }) : undefined)
          }
          // The phone's own picker: a thumb's list of the departures, and none of the menu's code on the page.
          slotProps={{
            select: { native: true, inputProps: { 'data-testid': 'booking-departure' } },
            formHelperText: { 'data-testid': 'booking-seats-left' } as object,
          }}
        >
          {open.map((o) => (
            <option key={o.id} value={String(o.id)}>
              {occurrenceWhen(o, locale)}
            </option>
          ))}
        </TextField>
        {chosen && occurrencePlace(chosen, item, locale) && (
          <Typography variant="body2" data-testid="booking-meeting-point">
            {t('app.home.meetingPoint', { place: occurrencePlace(chosen, item, locale) })}
          </Typography>
        )}
        {several ? (
          <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1, p: 0 }}>
              {t('app.booking.tickets')}
            </Typography>
            {tickets.map((ticket, index) => (
              <TicketStepper
                key={ticket.code}
                ticket={ticket}
                price={formatMoney(ticketPrice(ticket, index, chosen), item.currency, locale)}
                count={counts[index]}
                max={counts[index] + maxSeats - seats}
                testId={index === 0 ? 'booking-seats' : `booking-seats-${ticket.code}`}
                onChange={(n) => choose(paramOf(index), String(n))}
              />
            ))}
            {errors[config.lines!.field] && (
              <Typography variant="caption" color="error" role="alert">
                {errors[config.lines!.field]}
              </Typography>
            )}
          </Stack>
        ) : (
          <TextField
            type="number"
            label={t('app.booking.seats')}
            value={seats}
            onChange={(event) => choose(SEATS, event.target.value)}
            error={Boolean(errors[config.seats])}
            helperText={errors[config.seats]}
            slotProps={{ htmlInput: { min: 1, max: maxSeats, 'data-testid': 'booking-seats' } }}
          />
        )}
        {me && !otherKind
          ? Object.entries(config.contact).map(([name, { kind }]) => (
              <TextField
                key={name}
                label={t(`app.booking.contact.${name}`)}
                type={kind === 'email' ? 'email' : kind === 'phone' ? 'tel' : 'text'}
                autoComplete={kind === 'email' ? 'email' : kind === 'phone' ? 'tel' : 'name'}
                value={contact[name] ?? ''}
                onChange={(event) => setContact((values) => ({ ...values, [name]: event.target.value }))}
                error={Boolean(errors[name])}
                helperText={errors[name]}
                slotProps={{ htmlInput: { 'data-testid': `booking-${name}` } }}
              />
            ))
          : null}
        <Typography data-testid="booking-estimate">
          {t('app.booking.estimate', { total: formatMoney(total, item.currency, locale) })}
        </Typography>
        {signedOut ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button
              variant="contained"
              component={RouterLink}
              to={loginWithReturn(`/${locale}/login`, here)}
              data-testid="booking-sign-in"
              sx={{ minHeight: 40 }}
            >
              {t('app.booking.signInToBook')}
            </Button>
            <Button
              variant="outlined"
              component={RouterLink}
              to={loginWithReturn(`/${locale}/signup`, here)}
              sx={{ minHeight: 40 }}
              data-testid="booking-sign-up"
            >
              {t('app.booking.signUpToBook')}
            </Button>
          </Stack>
        ) : otherKind ? (
          <Alert severity="info">{t('app.booking.customersOnly')}</Alert>
        ) : (
          <Button
            type="submit"
            variant="contained"
            disabled={busy || me === undefined}
            data-testid="booking-submit"
            sx={{ minHeight: 40 }}
          >
            {t('app.booking.book')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * One ticket type's seats: its name, price and ages, and − / count / + with a thumb's 48 px targets. The count is
 * an input too (typed numbers work), labelled by the type's name for screen readers.
 */
function TicketStepper({
  ticket,
  price,
  count,
  max,
  testId,
  onChange,
}: {
  ticket: Ticket;
  price: string;
  count: number;
  max: number;
  testId: string;
  onChange: (count: number) => void;
}) {
  const t = useT();
  const ages =
    ticket.minAge !== undefined && ticket.maxAge !== undefined
      ? t('app.booking.ageRange', { min: ticket.minAge, max: ticket.maxAge })
      : ticket.minAge !== undefined
        ? t('app.booking.ageFrom', { min: ticket.minAge })
        : ticket.maxAge !== undefined
          ? t('app.booking.ageUpTo', { max: ticket.maxAge })
          : '';
  const id = `ticket-${ticket.code}`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={`ticket-${ticket.code}`}>
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="label" htmlFor={id} sx={{ fontWeight: 500 }}>
          {ticket.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {ages ? `${price} · ${ages}` : price}
        </Typography>
      </Stack>
      <IconButton
        aria-label={t('app.booking.removeOne', { name: ticket.name })}
        disabled={count <= 0}
        onClick={() => onChange(count - 1)}
        sx={{ width: 48, height: 48 }}
        data-testid={`${testId}-less`}
      >
        <RemoveIcon />
      </IconButton>
      <Box
        component="input"
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        value={count}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(Math.max(0, Number(event.target.value) || 0))}
        data-testid={testId}
        sx={{
          width: 48,
          height: 40,
          textAlign: 'center',
          font: 'inherit',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          MozAppearance: 'textfield',
          '&::-webkit-inner-spin-button, &::-webkit-outer-spin-button': { WebkitAppearance: 'none', m: 0 },
        }}
      />
      <IconButton
        aria-label={t('app.booking.addOne', { name: ticket.name })}
        disabled={count >= max}
        onClick={() => onChange(count + 1)}
        sx={{ width: 48, height: 48 }}
        data-testid={`${testId}-more`}
      >
        <AddIcon />
      </IconButton>
    </Stack>
  );
}
