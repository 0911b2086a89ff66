import type { Locale } from '../locales';

/**
 * The UI languages whose number and date layouts ship with the app, because a common browser lacks them:
 * Chromium has no Lao data (Intl falls back to English there).
 */
export const BORROWED_LOCALES: readonly Locale[] = ['lo'];
