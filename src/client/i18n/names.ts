// Shared with the server, which draws the language switcher in the home's first paint (server/first-paint.ts).
export { LOCALE_NAMES } from '../../core/locale-names';
