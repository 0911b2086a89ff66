/** Search-engine and link-preview crawlers (SPEC §3: they get logged errors, not error pages). */
const CRAWLER =
  /bot\b|bot\/|crawler|spider|slurp|crawling|facebookexternalhit|facebot|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegrambot|discordbot|slackbot|skypeuripreview|lighthouse|bingpreview|yandex|baiduspider|duckduckgo|applebot|petalbot|semrush|ahrefs/i;

export function isCrawler(userAgent: string | undefined = typeof navigator === 'undefined' ? '' : navigator.userAgent) {
  return CRAWLER.test(userAgent ?? '');
}
