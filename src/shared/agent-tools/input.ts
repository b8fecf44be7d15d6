// A tool's input checked against its own schema (definitions.ts), again at the call: VS Code
// checks a language model tool's input against the declared schema, an MCP client may not, and a
// model may send anything. Only what the tools' schemas use is read (object, string, integer,
// array; required, additionalProperties, minLength, maxLength, pattern, enum, minimum, maximum,
// minItems, maxItems, items), so the check is the schema itself, not a second copy of its rules.
import { URL_PATTERN, type ToolDefinition } from './definitions';

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: Schema;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** A value quoted for an error message: short, on one line, as JSON. */
function shown(v: unknown): string {
  // undefined for a function or a symbol, whatever the declared type says.
  const json = JSON.stringify(v) as string | undefined;
  const text = json ?? String(v);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Why `v` does not match `s` (at `where`), or undefined when it does. */
function mismatch(v: unknown, s: Schema, where: string): string | undefined {
  switch (s.type) {
    case 'object':
      return objectMismatch(v, s, where);
    case 'array': {
      if (!Array.isArray(v)) return `${where} must be an array`;
      if (s.minItems !== undefined && v.length < s.minItems)
        return `${where} must hold at least ${s.minItems} item(s)`;
      if (s.maxItems !== undefined && v.length > s.maxItems)
        return `${where} must hold at most ${s.maxItems} items (got ${v.length})`;
      for (let i = 0; i < v.length; i++) {
        const m = s.items && mismatch(v[i], s.items, `${where}[${i}]`);
        if (m) return m;
      }
      return undefined;
    }
    case 'string':
      if (typeof v !== 'string') return `${where} must be a string (got ${shown(v)})`;
      if (s.minLength !== undefined && v.length < s.minLength) return `${where} is empty`;
      if (s.maxLength !== undefined && v.length > s.maxLength)
        return `${where} is longer than ${s.maxLength} characters`;
      if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(v))
        return `${where} is not ${s.pattern === URL_PATTERN ? 'a URL (absolute, or starting with www.; no spaces or control characters)' : 'of the expected form'}: ${shown(v)}`;
      break;
    case 'integer':
      if (typeof v !== 'number' || !Number.isInteger(v))
        return `${where} must be a whole number (got ${shown(v)})`;
      if (s.minimum !== undefined && v < s.minimum) return `${where} must be at least ${s.minimum}`;
      if (s.maximum !== undefined && v > s.maximum) return `${where} must be at most ${s.maximum}`;
      break;
  }
  if (s.enum && !s.enum.includes(v))
    return `${where} must be one of ${s.enum.map((e) => shown(e)).join(', ')} (got ${shown(v)})`;
  return undefined;
}

function objectMismatch(v: unknown, s: Schema, where: string): string | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return `${where} must be an object`;
  const props = s.properties ?? {};
  for (const key of s.required ?? []) if (!Object.hasOwn(v, key)) return `${where} needs ${key}`;
  for (const [key, value] of Object.entries(v)) {
    if (!Object.hasOwn(props, key)) {
      if (s.additionalProperties === false)
        return `${where} has ${shown(key)}, which the tool does not take (it takes ${Object.keys(props).join(', ')})`;
      continue;
    }
    const m = mismatch(value, props[key], key);
    if (m) return m;
  }
  return undefined;
}

/** The input as the tool's record of own properties, or why it is refused. */
export function checkInput(
  tool: ToolDefinition,
  input: unknown,
): { value: Record<string, unknown>; error?: undefined } | { error: string } {
  const m = mismatch(input, tool.inputSchema, 'input');
  if (m) return { error: `${tool.name}: ${m}` };
  // Own properties only, copied: nothing read later comes from a prototype or a getter run twice.
  return { value: Object.fromEntries(Object.entries(input as object)) };
}
