/**
 * htmlparser2's Tokenizer class for the engine's HTML reading (core/model/ports.ts
 * HtmlParserClass), loaded at the first call: with the entity tables it
 * brings, importing it takes ~45 ms that a run reading no HTML (validate,
 * serve, the batch workers) would pay at start-up. htmlparser2 is an ES
 * module, required synchronously (Node >= 20.19 requires ES modules).
 */
import { createRequire } from 'node:module';
import type * as Htmlparser2 from 'htmlparser2';
import type { HtmlParserClass } from '../core/model/ports.js';

const requireModule = createRequire(import.meta.url);
let parserClass: HtmlParserClass | null = null;

/** The Tokenizer class, loaded once. */
export function loadHtmlParser(): HtmlParserClass {
  parserClass ??= (requireModule('htmlparser2') as typeof Htmlparser2).Tokenizer;
  return parserClass;
}
