// The offline checkers of SPEC §18's structured data come without types: the calls the tests make of them.
declare module '@marbec/web-auto-extractor' {
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: readonly string[] });
    parse(html: string): { jsonld: Record<string, unknown[]>; microdata: unknown; rdfa: unknown; metatags: unknown };
  }
}

declare module '@adobe/structured-data-validator' {
  export interface Issue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    path: unknown[];
    fieldNames: string[];
  }
  /** Without schema.org's vocabulary it checks Google's rich-result rules alone (no download). */
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: unknown): Promise<Issue[]>;
  }
}
