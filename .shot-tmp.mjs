import { chromium } from '@playwright/test';
const [,, email = 'admin@example.com', ...routes] = process.argv;
const base = process.env.BASE ?? 'http://127.0.0.1:3210';
const width = Number(process.env.W ?? 1280), height = Number(process.env.H ?? 720);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width, height } });
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
page.on('console', (m) => { if (m.type() === 'error') console.log('CONSOLE', m.text().slice(0, 300)); });
const pw = email.startsWith('partner') ? 'Partner#2026' : 'Admin#2026';
const r = await page.request.post(base + '/api/auth/login', { data: { email, password: pw }, headers: { origin: base } });
console.log('login', r.status());
for (const route of routes) {
  await page.goto(base + route);
  await page.waitForTimeout(Number(process.env.WAIT ?? 2500));
  const name = route.replace(/[^a-z0-9]+/gi, '_');
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: !!process.env.FULL });
  console.log('shot', route, '->', `/tmp/shots/${name}.png`);
}
await browser.close();
