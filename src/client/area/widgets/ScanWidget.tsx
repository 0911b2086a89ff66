import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import CameraAlt from '@mui/icons-material/CameraAlt';
import PhotoLibrary from '@mui/icons-material/PhotoLibrary';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { RefField } from '../../../core/fields';
import { formatDate } from '../../../core/format';
import { pickLocalized, type LocalizedText } from '../../../core/locales';
import { resolveFilter, type ScanWidget as ScanWidgetConfig } from '../../../core/portal';
import type { AnyResource, Row } from '../../../core/resource';
import { useRegistry } from '../../generated/context';
import type { LanternDataProvider } from '../../generated/data-provider';
import { useActiveLocale } from '../../generated/fields/FieldValue';
import { translateServerText } from '../../generated/i18n-server-messages';
import { RecordTable } from '../../generated/show/RecordTable';
import { readCode } from '../code-reader';
import { decided, keepWaiting, post, sendWaiting, waitingCount, type PostAnswer } from '../scan-queue';
import { WidgetCard } from './WidgetCard';
import { AREA_FIRST_READ } from '../../../core/primed-answers';

/** The screen's service worker (public/scan-sw.js), registered with the screen's own path as its scope. */
const WORKER_URL = '/scan-sw.js';
/** A code the camera keeps seeing is sent once in this time. */
const SAME_CODE_MS = 4_000;
/** Waiting posts are tried again this often too: `online` is not fired on every network that comes back. */
const RETRY_MS = 10_000;
const FRAME_MS = 250;

type Outcome = { code: string; kind: 'done' | 'refused' | 'waiting'; text: string; at: number };

/** Keeps the screen for offline use: its worker, and what the page loaded before the worker took it over. */
function useOfflineScreen() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker
      .register(WORKER_URL, { scope: location.pathname })
      .then(async () => {
        const ready = await navigator.serviceWorker.ready;
        const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
        // Who is signed in came inside the page (primed), never through the network: kept too, so a page opened
        // again offline still knows its account when the app asks again.
        const account = new URL(`/api/${AREA_FIRST_READ}`, location.origin).href;
        ready.active?.postMessage({ keep: [location.href, account, ...loaded] });
      })
      .catch(() => undefined);
  }, []);
}

/** The records to pick from, each named by the `label` fields (references by their display field). */
function usePickList(pick: ScanWidgetConfig['pick'], config: AnyResource | undefined) {
  const dataProvider = useDataProvider<LanternDataProvider>();
  const registry = useRegistry();
  const locale = useActiveLocale();
  return useQuery({
    queryKey: ['endpoint', 'scan-pick', pick.resource, locale],
    enabled: Boolean(config),
    // Offline, the screen's service worker answers from its cache (see RecordTable).
    networkMode: 'always',
    queryFn: async () => {
      const query = new URLSearchParams({
        filter: JSON.stringify(resolveFilter(pick.filter, new Date())),
        sort: JSON.stringify(pick.sort ?? ['id', 'ASC']),
        range: '[0,49]',
      });
      const rows = await dataProvider.getJson<Row[]>(`/${pick.resource}?${query}`);
      const names = new Map<string, string>();
      for (const name of pick.label) {
        const ref = config?.fields[name] as RefField | undefined;
        if (ref?.kind !== 'ref') continue;
        const ids = [...new Set(rows.map((row) => row[name]).filter((id) => id != null))];
        if (!ids.length) continue;
        const refQuery = new URLSearchParams({ filter: JSON.stringify({ id: ids }), range: `[0,${ids.length - 1}]` });
        const refConfig = registry.config(ref.reference);
        const display = ref.display ?? refConfig?.recordTitle ?? 'id';
        // Offline, a names' read the worker has not kept yet leaves the records named by their other fields: the
        // guide still picks the departure and reads its manifest.
        const targets = await dataProvider.getJson<Row[]>(`/${ref.reference}?${refQuery}`).catch(() => [] as Row[]);
        for (const target of targets) {
          const value = target[display];
          names.set(
            `${name}:${target.id}`,
            typeof value === 'object' ? pickLocalized(value as LocalizedText, locale) : String(value),
          );
        }
      }
      return rows.map((row) => ({
        row,
        label: pick.label
          .map((name) => {
            const field = config?.fields[name];
            const value = row[name];
            if (field?.kind === 'ref') return names.get(`${name}:${value}`) ?? '';
            if (field?.kind === 'date') return formatDate(String(value), locale);
            return String(value ?? '');
          })
          .filter(Boolean)
          .join(' · '),
      }));
    },
  });
}

/**
 * The scan screen: camera, photo or typed code, each posted to the endpoint; without network the post waits in
 * the browser and the screen counts what waits. Under it, the picked record's table (a departure's manifest).
 */
export function ScanWidget({ widget }: { widget: ScanWidgetConfig }) {
  const translate = useTranslate();
  const registry = useRegistry();
  const queryClient = useQueryClient();
  const pickConfig = registry.config(widget.pick.resource);
  const table = pickConfig?.recordTables?.find((t) => t.endpoint === widget.pick.table);
  const { data: choices } = usePickList(widget.pick, pickConfig);
  // `?pick={id}` opens on that record (a departure's page links here with it).
  const [picked, setPicked] = useState(() => new URLSearchParams(location.search).get('pick') ?? '');
  const [typed, setTyped] = useState('');
  const [waiting, setWaiting] = useState(0);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [camera, setCamera] = useState<MediaStream | undefined>();
  const [problem, setProblem] = useState('');
  const video = useRef<HTMLVideoElement>(null);
  const photo = useRef<HTMLInputElement>(null);
  const lastSeen = useRef({ code: '', at: 0 });
  const url = `/api/${widget.resource}/-/${widget.endpoint}`;
  const text = (key: string, options: Record<string, unknown> = {}) =>
    translate(`app.scan.${key}`, { _: key, ...options });
  useOfflineScreen();

  const chosen = choices?.find(({ row }) => String(row.id) === picked) ?? choices?.[0];
  const countWaiting = useCallback(() => waitingCount().then(setWaiting, () => undefined), []);
  const report = useCallback(
    (code: string, answer: PostAnswer) => {
      const message = typeof answer.body.message === 'string' ? answer.body.message : String(answer.status);
      const outcome: Outcome =
        answer.status < 300
          ? { code, kind: 'done', text: translate('app.scan.done', { code, _: `${code} ✓` }), at: Date.now() }
          : { code, kind: 'refused', text: `${code}: ${translateServerText(translate, message)}`, at: Date.now() };
      setOutcomes((list) => [outcome, ...list.filter((o) => !(o.code === code && o.kind === 'waiting'))].slice(0, 20));
      void queryClient.invalidateQueries({ queryKey: ['endpoint'] });
    },
    [queryClient, translate],
  );
  const sendAll = useCallback(
    () =>
      sendWaiting((waitingPost, answer) => report(String(waitingPost.body[widget.field]), answer)).then(countWaiting),
    [countWaiting, report, widget.field],
  );

  useEffect(() => {
    void countWaiting().then(() => (navigator.onLine ? sendAll() : undefined));
    const back = () => {
      setOnline(true);
      void sendAll();
    };
    const gone = () => setOnline(false);
    window.addEventListener('online', back);
    window.addEventListener('offline', gone);
    const timer = setInterval(() => navigator.onLine && void sendAll(), RETRY_MS);
    return () => {
      window.removeEventListener('online', back);
      window.removeEventListener('offline', gone);
      clearInterval(timer);
    };
  }, [countWaiting, sendAll]);

  const submit = useCallback(
    async (raw: string) => {
      const code = raw.trim().toUpperCase();
      if (!code) return;
      const body = { [widget.field]: code };
      const answer = navigator.onLine ? await post(url, body) : undefined;
      if (decided(answer)) return report(code, answer);
      await keepWaiting({ url, body, at: Date.now() });
      setOutcomes((list) =>
        [{ code, kind: 'waiting' as const, text: text('queued', { code }), at: Date.now() }, ...list].slice(0, 20),
      );
      await countWaiting();
    },
    [url, widget.field, report, countWaiting],
  );

  // The camera: frames are read a few times a second while it is on; a code seen again soon after is not resent.
  useEffect(() => {
    if (!camera || !video.current) return;
    const element = video.current;
    element.srcObject = camera;
    void element.play().catch(() => undefined);
    let stopped = false;
    const look = async () => {
      if (stopped) return;
      const code = await readCode(element).catch(() => undefined);
      const now = Date.now();
      if (code && (code !== lastSeen.current.code || now - lastSeen.current.at > SAME_CODE_MS)) {
        lastSeen.current = { code, at: now };
        await submit(code);
      }
      setTimeout(look, FRAME_MS);
    };
    void look();
    return () => {
      stopped = true;
      camera.getTracks().forEach((track) => track.stop());
    };
  }, [camera, submit]);

  const startCamera = async () => {
    setProblem('');
    if (camera) return setCamera(undefined);
    try {
      setCamera(await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }));
    } catch {
      setProblem(text('noCamera'));
    }
  };
  const readPhoto = async (file: File | undefined) => {
    setProblem('');
    if (!file) return;
    const bitmap = await createImageBitmap(file).catch(() => undefined);
    const code = bitmap ? await readCode(bitmap).catch(() => undefined) : undefined;
    if (photo.current) photo.current.value = '';
    if (code) await submit(code);
    else setProblem(text('noCode'));
  };
  const sendTyped = (event: FormEvent) => {
    event.preventDefault();
    void submit(typed).then(() => setTyped(''));
  };

  return (
    <>
      <WidgetCard name={widget.name}>
        <Stack spacing={2}>
          {choices?.length ? (
            <TextField
              select
              label={text('pick')}
              value={chosen ? String(chosen.row.id) : ''}
              onChange={(event) => setPicked(event.target.value)}
              inputProps={{ 'data-testid': 'scan-pick' }}
            >
              {choices.map(({ row, label }) => (
                <MenuItem key={String(row.id)} value={String(row.id)}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {!online ? (
            <Alert severity="warning" data-testid="scan-offline">
              {text('offline')}
            </Alert>
          ) : null}
          {waiting ? (
            <Alert severity="info" data-testid="scan-waiting" data-count={waiting}>
              {translate('app.scan.waiting', { smart_count: waiting, _: `${waiting} waiting` })}
            </Alert>
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button
              variant="contained"
              size="large"
              startIcon={<CameraAlt />}
              onClick={() => void startCamera()}
              sx={{ minHeight: 48 }}
            >
              {camera ? text('stopCamera') : text('camera')}
            </Button>
            <Button
              variant="outlined"
              size="large"
              startIcon={<PhotoLibrary />}
              onClick={() => photo.current?.click()}
              sx={{ minHeight: 48 }}
            >
              {text('photo')}
            </Button>
            <input
              ref={photo}
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              data-testid="scan-photo"
              onChange={(event) => void readPhoto(event.target.files?.[0])}
            />
          </Stack>
          {camera ? (
            <video ref={video} muted playsInline style={{ width: '100%', maxHeight: 320, background: '#000' }} />
          ) : null}
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          <Stack component="form" direction="row" spacing={1} onSubmit={sendTyped}>
            <TextField
              label={text('typeCode')}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              inputProps={{ 'data-testid': 'scan-code', autoCapitalize: 'characters', autoComplete: 'off' }}
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="outlined" startIcon={<QrCodeScanner />} sx={{ minHeight: 48 }}>
              {text('send')}
            </Button>
          </Stack>
          {outcomes.length ? (
            <List dense data-testid="scan-outcomes">
              {outcomes.map((outcome) => (
                <ListItem key={`${outcome.code}-${outcome.at}`} data-outcome={outcome.kind} data-code={outcome.code}>
                  <ListItemText
                    primary={outcome.text}
                    slotProps={{
                      primary: {
                        color:
                          outcome.kind === 'done'
                            ? 'success.main'
                            : outcome.kind === 'refused'
                              ? 'error.main'
                              : 'text.secondary',
                      },
                    }}
                  />
                </ListItem>
              ))}
            </List>
          ) : null}
        </Stack>
      </WidgetCard>
      {pickConfig && table && chosen ? <RecordTable config={pickConfig} table={table} record={chosen.row} /> : null}
    </>
  );
}
