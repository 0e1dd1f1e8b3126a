/**
 * Test-only (imported by the boundary's property tests, never by the app, so it stays out of the
 * bundle): fast-check arbitraries of backend answers. `answerOf(operationId)` reads the contract
 * (openapi/portal.yaml), builds valid answers from the schema of the operation's success answer and
 * then mutates them field by field and item by item in the ways real backends and broken proxies
 * do: fields missing, null, of another type, empty, every spelling of a flag and of a date, HTML
 * entities and markup, very long text, duplicated items and ids, objects where lists are expected.
 * `mutatedSample(value)` does the same to a real-shaped answer (realAnswers.fixture.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { parse } from 'yaml';

export type Schema = { [key: string]: unknown };

interface Operation {
  operationId?: string;
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: Schema }> }>;
}
interface Contract {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, Schema>>;
}

let loaded: Contract | undefined;

/** The contract, read once per test file. */
export function contract(): Contract {
  loaded ??= parse(readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../../openapi/portal.yaml'), 'utf8')) as Contract;
  return loaded;
}

/** `#/components/<kind>/<name>` of the contract. */
export function resolveRef(ref: string): Schema {
  const [, , kind, name] = ref.split('/');
  const found = contract().components[kind!]?.[name!];
  if (!found) throw new Error(`unresolved $ref ${ref}`);
  return found;
}

/** The schema of an operation's success answer (200, else 201), `$ref`s of responses followed. */
export function answerSchema(operationId: string): Schema {
  const op = Object.values(contract().paths)
    .flatMap((methods) => Object.values(methods))
    .find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId} in the contract`);
  let response = op.responses?.['200'] ?? op.responses?.['201'];
  if (response?.$ref) response = resolveRef(response.$ref) as typeof response;
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${operationId} has no JSON success answer`);
  return schema;
}

// ---------------------------------------------------------------------------------------------
// The odd values

export const LONG_TEXT = 'Lorem ipsum dolor sit amet '.repeat(741).slice(0, 20_000);

/** Entities as the backend sends them; `once` is the text decoded once, `twice` the bug. */
export const ENTITY_SAMPLES = [
  { sent: 'DELL&#039;ARTE', once: "DELL'ARTE", twice: null },
  { sent: 'AT&amp;amp;T-ZZ', once: 'AT&amp;T-ZZ', twice: 'AT&T-ZZ' },
  { sent: 'Caff&egrave; &amp;#039;Q&amp;#039;', once: "Caffè &#039;Q&#039;", twice: "'Q'" },
] as const;

export const HTML_SAMPLES = [
  '<p>Esercizi <b>1-5</b> pag. 12</p>',
  '<script>alert(1)</script><img src=x onerror=alert(2)>',
  '<a href="javascript:alert(1)">link</a>&nbsp;&laquo;bis&raquo;',
] as const;

export const FLAG_FORMS = ['SI', 'NO', 'si', 'Sì', 'S', 'N', 1, 0, -1, '1', '0', '-1', true, false, 'true', 'FALSE', '', 2, 'forse'] as const;

export const DATE_FORMS = [
  '2026-11-21',
  '2026-11-21T08:00:00',
  '2026-11-21 08:00',
  '2026-11-21T08:00:00+01:00',
  '2026-11-21T07:00:00Z',
  '2026-11-21T07:00:00.123Z',
  '2026-03-29T02:30:00',
  '2026-10-25T02:30:00',
  1795334400,
  '1795334400',
  0,
  '0',
  -1,
  '',
  '21/11/2026',
  '2026-13-45',
  '2026-02-30',
  '2026-02-30T08:00:00+01:00',
  '2026-11-21T25:61:00',
  '2026-11-21T08:00:00+99:99',
  'domani',
  '0000-00-00',
  '0000-00-00 00:00:00',
  '9999-12-31T23:59:59Z',
] as const;

export const TIME_FORMS = ['08:00', '8:00', '08:00:00', '8.30', '25:99', '99:99', '24:00', '0', '', 'mezzogiorno'] as const;

export const NUMBER_FORMS = [0, -0, 1, -1, 0.5, 7.75, 1e21, 1e308, -1e308, 2 ** 53 + 2, '12', ' 7 ', '3,80', '1e400', 'NaN', 'Infinity', '0x10', '-'] as const;

const TEXT_FORMS = [
  ...ENTITY_SAMPLES.map((e) => e.sent),
  ...HTML_SAMPLES,
  LONG_TEXT,
  '   ',
  'riga uno\r\nriga due\rtre',
  'emoji 📚 e accenti àèìòù',
  'null',
] as const;

const EMPTY_FORMS = [null, '', [], {}] as const;

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);

/** Any odd value, weighted towards the ones that fit the field's kind. */
function oddValue(kind: Kind): fc.Arbitrary<unknown> {
  const typed: Record<Kind, readonly unknown[]> = {
    flag: FLAG_FORMS,
    date: DATE_FORMS,
    time: TIME_FORMS,
    number: NUMBER_FORMS,
    text: TEXT_FORMS,
    list: [{}, { id: 1, data: '2026-11-21' }, 'elenco', 0],
    object: [[], [{}], 'oggetto', 1],
    other: [],
  };
  const own = typed[kind];
  return fc.oneof(
    { weight: 2, arbitrary: pick(EMPTY_FORMS) },
    { weight: own.length ? 4 : 1, arbitrary: own.length ? pick(own) : fc.constant(null) },
    { weight: 1, arbitrary: pick(FLAG_FORMS) },
    { weight: 1, arbitrary: pick(DATE_FORMS) },
    { weight: 1, arbitrary: pick(NUMBER_FORMS) },
    { weight: 1, arbitrary: pick(TEXT_FORMS) },
  );
}

type Kind = 'flag' | 'date' | 'time' | 'number' | 'text' | 'list' | 'object' | 'other';

const DATE_KEY = /^(data|scadenza|inizio)|_data$|^data_/;
const TIME_KEY = /^(ora|orario)/;
const FLAG_KEY = /^(is_|presa_visione$|novita|da_leggere|conferma|sottoscrizione|voti_pesati|media_voti|prenot|pagat|scadut|credito$|acquistabile|annullabile|adesione$|libero|selezionato|visibile|giustific|attivo|success|allarme|pagamento_)/;

function kindOf(schema: Schema | undefined, key: string | null, value?: unknown): Kind {
  const type = schema?.type;
  const types = Array.isArray(type) ? type : [type];
  if (key && TIME_KEY.test(key)) return 'time';
  if (key && DATE_KEY.test(key) && !key.endsWith('_tradotta')) return 'date';
  if (schema?.format === 'date' || schema?.format === 'date-time') return 'date';
  if (types.includes('boolean') || (key && FLAG_KEY.test(key))) return 'flag';
  if (types.includes('array') || Array.isArray(value)) return 'list';
  if (types.includes('object') || schema?.properties || (value !== null && typeof value === 'object')) return 'object';
  if (types.includes('integer') || types.includes('number') || typeof value === 'number') return 'number';
  if (types.includes('string') || typeof value === 'string') return 'text';
  return 'other';
}

// ---------------------------------------------------------------------------------------------
// Valid values of a schema, and the same with mutations

const DROP = Symbol('drop');

const validDate = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:59Z'), noInvalidDate: true });

const dateText = validDate.map((d) => d.toISOString().slice(0, 10));
const dateTimeText = fc.tuple(validDate, fc.constantFrom('+01:00', '+02:00', 'Z', '')).map(([d, offset]) => {
  const s = d.toISOString().slice(0, 19);
  return offset === 'Z' ? `${s}Z` : `${s}${offset}`;
});

const WORDS = ['Matematica', 'MATEMATICA', 'Italiano', 'Storia', 'Scienze motorie', 'Rossi Mario', 'Esercizi pag. 12', 'Verifica', 'Trimestre'];
function plainText(maxLength: number): fc.Arbitrary<string> {
  const any = fc.string({ maxLength: Math.min(maxLength, 24) });
  const words = WORDS.filter((w) => w.length <= maxLength);
  return words.length ? fc.oneof({ weight: 3, arbitrary: any }, { weight: 2, arbitrary: fc.constantFrom(...words) }) : any;
}

function stringOf(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.format === 'date') return dateText;
  if (schema.format === 'date-time') return dateTimeText;
  if (schema.format === 'binary') return fc.constant('');
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= Math.max(max, 1));
    } catch {
      // A pattern fast-check cannot read: any text, "loosely".
    }
  }
  return plainText(max);
}

interface Options {
  mutate: boolean;
}

function merge(parts: Schema[]): Schema {
  const out: Schema = { type: 'object', properties: {}, required: [] };
  for (const raw of parts) {
    const p = raw.$ref ? resolveRef(raw.$ref as string) : raw;
    const flat = p.allOf ? merge(p.allOf as Schema[]) : p;
    Object.assign(out.properties as Schema, flat.properties ?? {});
    (out.required as string[]).push(...((flat.required as string[] | undefined) ?? []));
  }
  return out;
}

const MAX_DEPTH = 7;

/** Values of a schema; with `mutate`, every node may be replaced by an odd value. */
export function fromSchema(schema: Schema, opts: Options, key: string | null = null, depth = 0): fc.Arbitrary<unknown> {
  const valid = validOf(schema, opts, key, depth);
  if (!opts.mutate) return valid;
  return fc.oneof({ weight: 7, arbitrary: valid }, { weight: 1, arbitrary: oddValue(kindOf(schema, key)) });
}

function validOf(schema: Schema, opts: Options, key: string | null, depth: number): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (typeof schema.$ref === 'string') return validOf(resolveRef(schema.$ref), opts, key, depth + 1);
  if (Array.isArray(schema.allOf)) return validOf(merge(schema.allOf as Schema[]), opts, key, depth + 1);
  const alternatives = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromSchema(s, opts, key, depth + 1)));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.type)) return fc.oneof(...(schema.type as string[]).map((t) => validOf({ ...schema, type: t }, opts, key, depth)));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: typeof schema.minimum === 'number' ? schema.minimum : -5, max: typeof schema.maximum === 'number' ? schema.maximum : 200_000 });
    case 'number':
      return fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 100);
    case 'string':
      return stringOf(schema);
    case 'array':
      return arrayOf(schema, opts, depth);
    default:
      if (schema.type === 'object' || schema.properties) return objectOf(schema, opts, depth);
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function objectOf(schema: Schema, opts: Options, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {});
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const fields = properties.map(([name, s]) => {
    const value = fromSchema(s, opts, name, depth + 1);
    const dropWeight = required.has(name) ? (opts.mutate ? 1 : 0) : opts.mutate ? 3 : 2;
    return dropWeight === 0 ? value : fc.oneof({ weight: 8, arbitrary: value }, { weight: dropWeight, arbitrary: fc.constant<typeof DROP>(DROP) });
  });
  return fc.tuple(...fields).map((values) => {
    const out: Record<string, unknown> = {};
    values.forEach((v, i) => {
      if (v !== DROP) out[properties[i]![0]] = v;
    });
    return out;
  });
}

function arrayOf(schema: Schema, opts: Options, depth: number): fc.Arbitrary<unknown> {
  const items = fromSchema((schema.items as Schema | undefined) ?? {}, opts, null, depth + 1);
  const list = fc.array(items, { minLength: opts.mutate ? 0 : ((schema.minItems as number | undefined) ?? 0), maxLength: 5 });
  return opts.mutate ? list.chain(listMutations) : list;
}

/** Duplicated items, two items with one id, no ids, the list as an object. */
function listMutations(list: unknown[]): fc.Arbitrary<unknown> {
  const ways: fc.Arbitrary<unknown>[] = [fc.constant(list)];
  if (list.length > 0) {
    ways.push(
      fc.nat(list.length - 1).map((i) => [...list, list[i]]),
      fc.nat(list.length - 1).map((i) => [list[i], ...list]),
      fc.constant(list[0]),
      fc.constant({ results: list }),
      fc.constant(list.map((item) => withoutIds(item))),
    );
  }
  if (list.length > 1) ways.push(fc.constant(list.map((item) => withIdOf(item, list[0]))));
  return fc.oneof({ weight: 5, arbitrary: ways[0]! }, ...ways.slice(1).map((arbitrary) => ({ weight: 1, arbitrary })));
}

const ID_KEYS = ['id', 'id_voto', 'id_messaggio', 'id_marketplace', 'codice'];

function withoutIds(item: unknown): unknown {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
  return Object.fromEntries(Object.entries(item).filter(([k]) => !ID_KEYS.includes(k)));
}

function withIdOf(item: unknown, source: unknown): unknown {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return item;
  const ids = Object.fromEntries(Object.entries(source).filter(([k]) => ID_KEYS.includes(k)));
  return { ...item, ...ids };
}

// ---------------------------------------------------------------------------------------------
// Real-shaped samples, mutated

/** A real answer with each field kept, dropped or replaced, and its lists mutated like the schema's. */
export function mutatedSample(value: unknown, key: string | null = null, depth = 0): fc.Arbitrary<unknown> {
  const odd = oddValue(kindOf(undefined, key, value));
  let kept: fc.Arbitrary<unknown>;
  if (Array.isArray(value) && depth < MAX_DEPTH) {
    kept = value.length === 0 ? fc.constant([]) : fc.tuple(...value.map((v) => mutatedSample(v, null, depth + 1))).chain(listMutations);
  } else if (value !== null && typeof value === 'object' && depth < MAX_DEPTH) {
    const entries = Object.entries(value);
    kept = fc
      .tuple(...entries.map(([k, v]) => fc.oneof({ weight: 8, arbitrary: mutatedSample(v, k, depth + 1) }, { weight: 1, arbitrary: fc.constant(DROP) })))
      .map((values) => Object.fromEntries(values.flatMap((v, i) => (v === DROP ? [] : [[entries[i]![0], v]]))));
  } else {
    kept = fc.constant(value);
  }
  return fc.oneof({ weight: 6, arbitrary: kept }, { weight: 1, arbitrary: odd });
}

/**
 * The answers a reader is fuzzed with: mostly the contract's shapes mutated, some valid ones, the
 * real samples mutated, and now and then any JSON at all.
 */
export function answerOf(operationId: string, samples: readonly unknown[] = []): fc.Arbitrary<unknown> {
  const schema = answerSchema(operationId);
  const ways = [
    { weight: 6, arbitrary: fromSchema(schema, { mutate: true }) },
    { weight: 2, arbitrary: fromSchema(schema, { mutate: false }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  ];
  if (samples.length > 0) ways.push({ weight: 4, arbitrary: fc.oneof(...samples.map((s) => mutatedSample(s))) });
  return fc.oneof(...ways);
}

/** Seed and number of runs: fixed by default (reproducible), FUZZ_SEED / FUZZ_RUNS to change them. */
export function fuzzParameters(defaultRuns = 1000): { seed: number; numRuns: number } {
  const env = (typeof process !== 'undefined' ? process.env : {}) as Record<string, string | undefined>;
  const seed = Number.parseInt(env.FUZZ_SEED ?? '', 10);
  const runs = Number.parseInt(env.FUZZ_RUNS ?? '', 10);
  return { seed: Number.isFinite(seed) ? seed : 20261121, numRuns: Number.isFinite(runs) && runs > 0 ? runs : defaultRuns };
}
