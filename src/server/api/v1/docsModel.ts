/**
 * The /docs/api page's model, read from the OpenAPI document (openapi.ts), so that the page and
 * /api/v1/openapi.json cannot disagree: each endpoint with its parameters, its answer's fields, and examples in
 * curl, Python and R.
 */
import { openApiDocument } from './openapi';

type Schema = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  required?: string[];
};

export interface DocField {
  name: string;
  type: string;
  description: string;
}

export interface DocEndpoint {
  id: string;
  path: string;
  summary: string;
  description: string;
  params: (DocField & { in: string; required: boolean })[];
  fields: DocField[];
  example: { curl: string; python: string; r: string };
}

const EXAMPLE_QUERIES: Record<string, string> = {
  '/api/v1/table': '?page=TeamLineups&season=2022-23&entity=DEN&metric_set=Team_FourFactors',
  '/api/v1/metric_sets': '?page=Players',
  '/api/v1/search': '?q=jokic',
  '/api/v1/compare': '?player=203999:2022-23&player=203954:2022-23&metric_set=shooting-frequency',
  '/api/v1/similar': '?player=203999&season=2022-23',
};
const EXAMPLE_PATHS: Record<string, string> = { '{player_id}': '203999', '{game_id}': '0042200405' };

function typeOf(s: Schema | undefined, components: Record<string, Schema>): string {
  if (!s) return 'any';
  if (s.$ref) return s.$ref.split('/').at(-1)!;
  if (s.anyOf) return s.anyOf.map((x) => typeOf(x, components)).join(' | ');
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any');
  return t === 'array' ? `${typeOf(s.items, components)}[]` : t;
}

function fieldsOf(s: Schema | undefined, components: Record<string, Schema>): DocField[] {
  const resolved = s?.$ref ? components[s.$ref.split('/').at(-1)!] : s;
  return Object.entries(resolved?.properties ?? {}).map(([name, p]) => ({
    name,
    type: typeOf(p, components),
    description:
      p.description ??
      (p.$ref
        ? (components[p.$ref.split('/').at(-1)!]?.description ?? '')
        : p.items?.$ref
          ? (components[p.items.$ref.split('/').at(-1)!]?.description ?? '')
          : ''),
  }));
}

export function apiDocs(origin: string): {
  info: { title: string; version: string; description: string };
  endpoints: DocEndpoint[];
  components: { name: string; description: string; fields: DocField[] }[];
} {
  const doc = openApiDocument(origin) as unknown as {
    info: { title: string; version: string; description: string };
    paths: Record<
      string,
      {
        get: {
          summary: string;
          description: string;
          parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Schema }[];
          responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
        };
      }
    >;
    components: { schemas: Record<string, Schema> };
  };
  const components = doc.components.schemas;
  const endpoints = Object.entries(doc.paths).map(([path, item]) => {
    const op = item.get;
    const concrete = path.replace(/\{\w+\}/g, (m) => EXAMPLE_PATHS[m] ?? m) + (EXAMPLE_QUERIES[path] ?? '');
    const url = `${origin}${concrete}`;
    return {
      id: path
        .replace(/^\/api\/v1\//, '')
        .replace(/[{}]/g, '')
        .replace(/\//g, '-'),
      path,
      summary: op.summary,
      description: op.description,
      params: (op.parameters ?? []).map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required ?? false,
        type: typeOf(p.schema, components),
        description: p.description ?? p.schema?.description ?? '',
      })),
      fields: fieldsOf(op.responses['200']?.content?.['application/json']?.schema, components),
      example: {
        curl: `curl -H "Authorization: Bearer $COURTVISION_KEY" '${url}'`,
        python: `import os, requests\n\nr = requests.get(\n    "${url}",\n    headers={"Authorization": f"Bearer {os.environ['COURTVISION_KEY']}"},\n    timeout=60,\n)\nr.raise_for_status()\ndata = r.json()`,
        r: `library(httr2)\n\ndata <- request("${url}") |>\n  req_auth_bearer_token(Sys.getenv("COURTVISION_KEY")) |>\n  req_perform() |>\n  resp_body_json()`,
      },
    };
  });
  return {
    info: doc.info,
    endpoints,
    components: Object.keys(components)
      .sort()
      .map((name) => ({ name, description: components[name]!.description ?? '', fields: fieldsOf(components[name], components) })),
  };
}
