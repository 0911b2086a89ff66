import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import CameraAlt from '@mui/icons-material/CameraAlt';
import PhotoLibrary from '@mui/icons-material/PhotoLibrary';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { formatMoment, formatNumber } from '../../../core/format';
import { pickLocalized, type Locale, type LocalizedText } from '../../../core/locales';
import type { ScanWidget as ScanWidgetConfig } from '../../../core/portal';
import { pickLabel, pickListPath, pickNameReads, pickNames, preselected } from '../../../core/scan-pick';
import { DEFAULT_TIME_ZONE } from '../../../core/zoned-time';
import type { AnyResource, Row } from '../../../core/resource';
import { useRegistry } from '../../generated/context';
import type { LanternDataProvider } from '../../generated/data-provider';
import { useActiveLocale } from '../../generated/fields/FieldValue';
import { translateServerText } from '../../generated/i18n-server-messages';
import { RecordTable } from '../../generated/show/RecordTable';
import { readCode } from '../code-reader';
import { decided, keepWaiting, post, sendWaiting, waitingCount, waitingPosts, type PostAnswer } from '../scan-queue';
import { WidgetCard } from './WidgetCard';
import { AREA_FIRST_READ } from '../../../core/primed-answers';

/** The screen's service worker (public/scan-sw.js), registered with the screen's own path as its scope. */
const WORKER_URL = '/scan-sw.js';
/** A code the camera keeps seeing is sent once in this time. */
const SAME_CODE_MS = 4_000;
/** Waiting posts are tried again this often too: `online` is not fired on every network that comes back. */
const RETRY_MS = 10_000;
const FRAME_MS = 250;

/**
 * What became of a scan: accepted (`done`), accepted before (`again`: a second scan of the same ticket, told apart),
 * refused with the server's reason, or waiting to be sent. `title` says which; `text` whom it is for, or why.
 */
type Outcome = {
  code: string;
  kind: 'done' | 'again' | 'refused' | 'waiting';
  title: string;
  text?: string;
  at: number;
};

const SEVERITY = { done: 'success', again: 'error', refused: 'error', waiting: 'info' } as const;
/** The most outcomes the screen lists, newest first. */
const KEPT_OUTCOMES = 20;

type Translate = ReturnType<typeof useTranslate>;

/** Whom an accepted scan is for and what it holds, as the widget's `answer` names them: "Noy P. · 2 × Adult". */
function answerText(
  answer: Record<string, unknown>,
  config: ScanWidgetConfig['answer'],
  locale: Locale,
  translate: Translate,
) {
  const who = config?.who && typeof answer[config.who] === 'string' ? String(answer[config.who]) : '';
  const items = config?.items;
  const list = items && Array.isArray(answer[items.list]) ? (answer[items.list] as Record<string, unknown>[]) : [];
  const held = list
    .map((item) => {
      const named = item[items!.name];
      const name =
        named && typeof named === 'object' ? pickLocalized(named as LocalizedText, locale) : String(named ?? '');
      const count = Number(item[items!.count] ?? 0);
      return translate('app.scan.item', {
        count: formatNumber(count, locale),
        smart_count: count,
        name: name || String(item[items!.code] ?? ''),
        _: `${count} × ${name}`,
      });
    })
    .join(', ');
  return [who, held].filter(Boolean).join(' · ');
}

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
      const rows = await dataProvider.getJson<Row[]>(`/${pickListPath(pick, new Date())}`);
      const reads = pickNameReads(pick, config, rows, (name) => registry.config(name));
      // Offline, a names' read the worker has not kept yet leaves the records named by their other fields: the
      // guide still picks the departure and reads its manifest.
      const found = await Promise.all(
        reads.map((read) => dataProvider.getJson<Row[]>(`/${read.path}`).catch(() => [] as Row[])),
      );
      const names = pickNames(reads, (read) => found[reads.indexOf(read)], locale);
      return rows.map((row) => ({ row, label: pickLabel(pick, config, row, names, locale) }));
    },
  });
}

/**
 * The scan screen: camera, photo or typed code, each posted to the endpoint with the picked record (`pick.send`);
 * without network the post waits in the browser and the screen lists what waits. Under it, the picked record's
 * table (a departure's manifest). The picked record is in the address (`?pick={id}`): a reload, offline too, keeps it.
 */
export function ScanWidget({ widget }: { widget: ScanWidgetConfig }) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  const registry = useRegistry();
  const queryClient = useQueryClient();
  const pickConfig = registry.config(widget.pick.resource);
  const table = pickConfig?.recordTables?.find((t) => t.endpoint === widget.pick.table);
  const { data: choices, isError: choicesFailed } = usePickList(widget.pick, pickConfig);
  const choicesSettled = choices !== undefined || choicesFailed;
  // `?pick={id}` opens on that record (a departure's page links here with it), and a pick is written there.
  const [params, setParams] = useSearchParams();
  const picked = params.get('pick') ?? '';
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

  const opening = useMemo(
    () =>
      choices
        ? preselected(
            choices.map(({ row }) => row),
            widget.pick.preselect,
            pickConfig,
            new Date(),
            DEFAULT_TIME_ZONE,
          )
        : undefined,
    [choices, widget.pick.preselect, pickConfig],
  );
  const chosen = choices?.find(({ row }) => String(row.id) === picked) ?? choices?.find(({ row }) => row === opening);
  const pick = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('pick', id);
        return next;
      },
      { replace: true },
    );
  const waitingOutcome = useCallback(
    (code: string, at: number, title = translate('app.scan.queued', { _: 'Waiting for the network' })): Outcome => ({
      code,
      kind: 'waiting',
      title,
      at,
    }),
    [translate],
  );
  // Newest first; a code's answer takes the place of its wait.
  const addOutcome = useCallback(
    (outcome: Outcome) =>
      setOutcomes((list) =>
        [outcome, ...list.filter((o) => !(o.code === outcome.code && o.kind === 'waiting'))].slice(0, KEPT_OUTCOMES),
      ),
    [],
  );
  const countWaiting = useCallback(() => waitingCount().then(setWaiting, () => undefined), []);
  const report = useCallback(
    (code: string, answer: PostAnswer) => {
      const at = Date.now();
      let outcome: Outcome;
      if (answer.status < 300) {
        const config = widget.answer;
        const again = Boolean(config?.again && answer.body[config.again]);
        const first = config?.at ? answer.body[config.at] : undefined;
        outcome = {
          code,
          kind: again ? 'again' : 'done',
          title: again
            ? translate('app.scan.again', {
                time: formatMoment(typeof first === 'string' ? first : undefined, locale) || '—',
                _: 'Already checked in',
              })
            : translate('app.scan.done', { _: 'Checked in' }),
          text: answerText(answer.body, config, locale, translate),
          at,
        };
      } else {
        const message = typeof answer.body.message === 'string' ? answer.body.message : String(answer.status);
        outcome = {
          code,
          kind: 'refused',
          title: translate('app.scan.refused', { _: 'Not checked in' }),
          text: translateServerText(translate, message, locale),
          at,
        };
      }
      addOutcome(outcome);
      void queryClient.invalidateQueries({ queryKey: ['endpoint'] });
    },
    [queryClient, translate, locale, widget.answer, addOutcome],
  );
  const sendAll = useCallback(
    () =>
      sendWaiting((waitingPost, answer) => report(String(waitingPost.body[widget.field]), answer)).then(countWaiting),
    [countWaiting, report, widget.field],
  );

  useEffect(() => {
    // What waits from before (a screen opened again, offline too) is listed by its codes, then sent when it can be.
    void waitingPosts()
      .then((posts) => {
        const listed = posts.map((waitingPost) =>
          waitingOutcome(String(waitingPost.body[widget.field]), waitingPost.at),
        );
        setOutcomes((list) =>
          [...list, ...listed.filter((o) => !list.some((known) => known.code === o.code)).reverse()].slice(
            0,
            KEPT_OUTCOMES,
          ),
        );
      })
      .catch(() => undefined)
      .then(countWaiting)
      .then(() => (navigator.onLine ? sendAll() : undefined));
    // Only once, when the screen opens.
  }, []);

  useEffect(() => {
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
  }, [sendAll]);

  const chosenId = chosen?.row.id;
  const submit = useCallback(
    async (raw: string) => {
      const code = raw.trim().toUpperCase();
      if (!code) return;
      const body: Record<string, unknown> = { [widget.field]: code };
      if (widget.pick.send && chosenId != null) body[widget.pick.send] = chosenId;
      const answer: PostAnswer | undefined = navigator.onLine ? await post(url, body) : undefined;
      if (decided(answer)) return report(code, answer);
      const notNow = answer as PostAnswer | undefined;
      await keepWaiting({ url, body, at: Date.now() });
      // Refused for now (too many unknown codes): it waits as one without network does, and the screen says why.
      const why =
        notNow?.status === 429
          ? translate('app.scan.tooMany', { smart_count: notNow.retryAfter ?? 60, _: 'Too many unknown codes' })
          : undefined;
      addOutcome(waitingOutcome(code, Date.now(), why));
      await countWaiting();
    },
    [url, widget.field, widget.pick.send, chosenId, report, countWaiting, waitingOutcome, addOutcome, translate],
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
    // One block for the card and the table under it: the card takes its own height, not the table's too. What
    // the server drew meanwhile (shell/held-paint.ts) goes once the picker is here (and the table's rows, if any).
    <Box data-screen-drawn={choicesSettled && !(pickConfig && table && chosen) ? '' : undefined}>
      <WidgetCard name={widget.name}>
        <Stack spacing={2}>
          {choices?.length ? (
            <TextField
              select
              label={text('pick')}
              value={chosen ? String(chosen.row.id) : ''}
              onChange={(event) => pick(event.target.value)}
              // A departure's name is long on a phone: it wraps in the field and in the list, never cut.
              sx={{ '& .MuiSelect-select.MuiSelect-select': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
              slotProps={{
                htmlInput: { 'data-testid': 'scan-pick' },
                select: { MenuProps: { slotProps: { paper: { sx: { maxWidth: 'calc(100vw - 16px)' } } } } },
              }}
            >
              {choices.map(({ row, label }) => (
                <MenuItem
                  key={String(row.id)}
                  value={String(row.id)}
                  data-pick={String(row.id)}
                  sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere', minHeight: 48 }}
                >
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
              slotProps={{
                htmlInput: { 'data-testid': 'scan-code', autoCapitalize: 'characters', autoComplete: 'off' },
              }}
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="outlined" startIcon={<QrCodeScanner />} sx={{ minHeight: 48 }}>
              {text('send')}
            </Button>
          </Stack>
          {outcomes.length ? (
            // Newest first; each says what became of the scan in its colour, and whom it was for.
            <Stack spacing={1} data-testid="scan-outcomes">
              {outcomes.map((outcome, index) => (
                <Alert
                  key={`${outcome.code}-${outcome.at}`}
                  severity={SEVERITY[outcome.kind]}
                  variant={index === 0 && outcome.kind !== 'waiting' ? 'filled' : 'outlined'}
                  role="status"
                  data-outcome={outcome.kind}
                  data-code={outcome.code}
                  sx={{ py: index === 0 ? undefined : 0 }}
                >
                  <AlertTitle sx={{ mb: 0 }}>{outcome.title}</AlertTitle>
                  {[outcome.code, outcome.text].filter(Boolean).join(' · ')}
                </Alert>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </WidgetCard>
      {pickConfig && table && chosen ? <RecordTable config={pickConfig} table={table} record={chosen.row} /> : null}
    </Box>
  );
}
