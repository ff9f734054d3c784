// The structured-data validator and its extractor ship no types: the little of them the tests use.
declare module "@adobe/structured-data-validator" {
  export default class Validator {
    constructor(schemaOrg?: unknown);
    validate(
      extracted: unknown,
    ): Promise<{ severity: "ERROR" | "WARNING"; issueMessage: string; fieldNames?: string[] }[]>;
  }
}
declare module "@marbec/web-auto-extractor" {
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: string[] });
    parse(html: string): unknown;
  }
}
