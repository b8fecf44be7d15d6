// A node:vm context as bare as what V8 gives a BigQuery or Snowflake function: the language's
// globals and nothing else.
import * as vm from 'node:vm';

/** Not ECMAScript: what a bare V8 context still has that BigQuery and Snowflake may lack. */
const NOT_LANGUAGE = ['console', 'WebAssembly', 'Intl'];

/** A context holding only the language's globals (and what `scripts` add). */
export function bareContext(...scripts: string[]): vm.Context {
  const ctx = vm.createContext({});
  vm.runInContext(`for (const k of ${JSON.stringify(NOT_LANGUAGE)}) delete globalThis[k];`, ctx);
  for (const script of scripts) vm.runInContext(script, ctx);
  return ctx;
}
