import { expect, test, type Page } from '@playwright/test';

/**
 * The apps run under the server's strict Content-Security-Policy: no page of the public site,
 * the admin or the partner portal triggers a CSP violation (MUI/emotion styles, bundled fonts, images).
 */
const PAGES: { role?: 'admin' | 'partner'; path: string }[] = [
  { path: '/' },
  { path: '/en' },
  { path: '/lo/login' },
  { path: '/en/admin' },
  { role: 'admin', path: '/en/admin/dashboard' },
  { role: 'admin', path: '/en/admin/services/travel' },
  { role: 'admin', path: '/th/admin/statistics' },
  { role: 'admin', path: '/zh/admin/settings/general' },
  { role: 'partner', path: '/en/partner' },
  { role: 'partner', path: '/vi/partner/orders' },
  { role: 'partner', path: '/en/partner/profile' },
  // The scan screen registers a service worker and decodes images in a canvas.
  { role: 'partner', path: '/en/partner/check-in' },
];

const LOGINS = {
  admin: { email: 'admin@example.com', password: 'Admin#2026' },
  partner: { email: 'partner@example.com', password: 'Partner#2026' },
};

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      violations.push(message.text());
  });
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI}`,
      ),
    );
  });
  return violations;
}

for (const { role, path } of PAGES) {
  test(`${path}${role ? ` as ${role}` : ''} runs without CSP violations`, async ({ page }) => {
    const violations = await watchViolations(page);
    if (role) {
      const login = await page.request.post('/api/auth/login', { data: LOGINS[role] });
      expect(login.status()).toBe(200);
    }
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.waitForLoadState('networkidle');
    // The app really rendered (styles applied by emotion, text in a bundled font).
    await expect(page.locator('#root')).not.toBeEmpty();
    await page.evaluate(() => document.fonts.ready);
    expect(violations).toEqual([]);
  });
}
