import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Button, useInput, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { ImagesField } from '../../../core/fields';
import { responsiveImage } from '../../../core/images';
import { API_URL } from '../data-provider';

/** Sends one file to the server's storage (`POST /api/uploads`) and answers its URL. */
export async function uploadImage(file: File, locale: string): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch(`${API_URL}/uploads`, {
    method: 'POST',
    body,
    credentials: 'include',
    headers: { Accept: 'application/json', 'Accept-Language': locale },
  });
  const json = (await response.json().catch(() => ({}))) as {
    url?: string;
    message?: string;
    errors?: Record<string, string>;
  };
  if (!response.ok || !json.url)
    throw new Error(
      response.status === 413
        ? 'app.error.tooLarge'
        : (json.errors?.file ?? json.message ?? 'ra.notification.http_error'),
    );
  return json.url;
}

/** A list of image URLs: thumbnails that can be removed, and an upload button while there is room. */
export function ImagesInput({
  source,
  label,
  field,
  disabled,
}: {
  source: string;
  label: string;
  field: ImagesField;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const picker = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const {
    field: input,
    fieldState: { error },
  } = useInput({ source, defaultValue: [] });
  const urls: string[] = Array.isArray(input.value) ? input.value.filter((u: unknown) => typeof u === 'string') : [];
  const max = field.maxItems ?? 10;

  const onFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    const added: string[] = [];
    try {
      for (const file of Array.from(files).slice(0, Math.max(0, max - urls.length)))
        added.push(await uploadImage(file, locale));
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      if (picker.current) picker.current.value = '';
      if (added.length) input.onChange([...urls, ...added]);
    }
  };

  return (
    <Box sx={{ width: '100%', mb: 2 }} data-field={source}>
      <Typography variant="caption" color={error ? 'error' : 'text.secondary'} component="div" sx={{ mb: 1 }}>
        {translate(label, { _: label })} ({urls.length}/{max})
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
        {urls.map((url, index) => (
          <Box key={`${url}-${index}`} sx={{ position: 'relative', width: 120, height: 90 }}>
            <Box
              component="img"
              {...responsiveImage(url, 120)}
              sizes="120px"
              alt=""
              loading="lazy"
              decoding="async"
              sx={{ width: 120, height: 90, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
            />
            {disabled ? null : (
              <IconButton
                size="small"
                aria-label={translate('ra.action.remove')}
                onClick={() => input.onChange(urls.filter((_, i) => i !== index))}
                sx={{
                  position: 'absolute',
                  top: 2,
                  right: 2,
                  bgcolor: 'background.paper',
                  '&:hover': { bgcolor: 'background.paper' },
                }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        ))}
        {disabled || urls.length >= max ? null : (
          <Button
            label="app.upload.add"
            onClick={() => picker.current?.click()}
            disabled={busy}
            variant="outlined"
            sx={{ height: 90, minWidth: 120 }}
          >
            <AddPhotoIcon />
          </Button>
        )}
      </Stack>
      {busy ? <LinearProgress sx={{ mt: 1, maxWidth: 260 }} /> : null}
      <input
        ref={picker}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        multiple={max - urls.length > 1}
        hidden
        onChange={(event) => void onFiles(event.target.files)}
        data-testid={`upload-${source}`}
      />
      {error?.message ? <FormHelperText error>{translate(error.message, { _: error.message })}</FormHelperText> : null}
    </Box>
  );
}
