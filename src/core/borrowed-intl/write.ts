import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALE_TAGS } from '../locales';
import { BORROWED_LOCALES } from './locales';
import { recordLocale } from './record';

/** `npm run i18n:borrowed`: writes the recorded layouts of each borrowed locale next to this file. */
const here = path.dirname(fileURLToPath(import.meta.url));
for (const locale of BORROWED_LOCALES) {
  const file = path.join(here, `${locale}.ts`);
  const data = JSON.stringify(recordLocale(LOCALE_TAGS[locale]));
  fs.writeFileSync(
    file,
    `// Written by \`npm run i18n:borrowed\` from Node's ICU: do not edit.\n` +
      `import type { BorrowedLocaleData } from './types';\n\n` +
      `const data: BorrowedLocaleData = ${data};\nexport default data;\n`,
  );
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
