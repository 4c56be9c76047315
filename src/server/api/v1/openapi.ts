/**
 * The OpenAPI 3.1 document of /api/v1, generated from the endpoints' zod schemas (endpoints.ts, schemas.ts) with
 * @asteasolutions/zod-to-openapi: there is no hand-written copy to drift. Served at /api/v1/openapi.json and
 * rendered at /docs/api.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { config } from '../../config';
import { KEY_PREFIX } from '../keys';
import { ENDPOINTS } from './endpoints';
import { ErrorBody } from './schemas';

export const API_VERSION = '1.0.0';

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBody } } });

const QUOTA_HEADERS = {
  'RateLimit-Policy': { description: 'The quotas that apply: `"minute";q=60;w=60, "day";q=20000;w=86400`.', schema: { type: 'string' as const } },
  RateLimit: { description: 'The window closest to its limit: requests remaining (r) and seconds to its reset (t).', schema: { type: 'string' as const } },
};

type Document = ReturnType<OpenApiGeneratorV31['generateDocument']>;
let cached: Document | null = null;

export function openApiDocument(origin = ''): Document {
  cached ??= build();
  return origin ? { ...cached, servers: [{ url: origin }] } : cached;
}

function build(): Document {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: `An API key from your account page (Stats plan): \`Authorization: Bearer ${KEY_PREFIX}...\`. Without one, the anonymous quota and the free filters apply.`,
  });
  for (const e of ENDPOINTS) {
    registry.registerPath({
      method: 'get',
      path: e.path,
      summary: e.summary,
      description: e.description,
      security: [{ apiKey: [] }, {}],
      request: { ...(e.params ? { params: e.params } : {}), ...(e.query ? { query: e.query } : {}) },
      responses: {
        200: {
          description: e.csv ? 'The answer (JSON), or with format=csv the table as CSV.' : 'The answer.',
          headers: {
            ...QUOTA_HEADERS,
            'Data-Version': { description: 'When the stats database was built and the seasons it covers.', schema: { type: 'string' } },
            ETag: { description: 'Send it back as If-None-Match: 304 while the answer is unchanged.', schema: { type: 'string' } },
          },
          content: {
            'application/json': { schema: e.answer },
            ...(e.csv ? { 'text/csv': { schema: { type: 'string' } } } : {}),
          },
        },
        304: { description: 'Not modified (If-None-Match).' },
        400: errorResponse('A bad parameter (named in `param`).'),
        401: errorResponse('A malformed, unknown or revoked key.'),
        403: errorResponse("A paid filter without a key of an active Stats plan, or a key whose owner's plan ended."),
        404: errorResponse('No such player or game.'),
        429: {
          ...errorResponse('A quota is spent; Retry-After says when to try again.'),
          headers: { ...QUOTA_HEADERS, 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
        },
        503: errorResponse('Busy or updating; Retry-After says when to try again.'),
      },
    });
  }
  const q = config.apiQuota;
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Courtvision API',
      version: API_VERSION,
      description:
        'Possession-level basketball statistics, 2003-04 to 2022-23, with the same filters, metric sets and numbers as the site. ' +
        `Quotas: ${q.key.minute} requests a minute and ${q.key.day} a day per key (a heavy table query counts ${q.heavyCost}); ` +
        `without a key ${q.anonymous.minute} a minute and ${q.anonymous.day} a day per address, free filters only. ` +
        'Version 1 only grows: fields are added, never renamed, retyped or removed.',
    },
  });
}
