// The part of xmlbuilder (the twilio package's XML builder) twiml.ts uses directly.
declare module 'xmlbuilder/lib/XMLStringifier.js' {
  export default class XMLStringifier {
    constructor(options?: Record<string, unknown>);
    /** Escapes text content and throws on characters XML does not allow, as xmlbuilder does. */
    text(value: string): string;
  }
}
