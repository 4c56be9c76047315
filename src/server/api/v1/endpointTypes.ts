/**
 * The shape of an endpoint of /api/v1 (endpoints.ts lists them; each is prepared per request by router.ts): what
 * it gets, what a prepared call counts and runs, and what documents it in the OpenAPI description. Apart from the
 * list, so an endpoint written in a module of its own (finderEndpoint.ts) takes the shape without importing the
 * list that imports it.
 */
import type { z } from 'zod';
import type { Session } from '../../../lib/accounts/sessionShape';
import type { Asker } from '../../stats/answers/answers';

/** What an endpoint gets: the request, its path parameters, and who asks (a key's owner, or nobody). */
export interface V1Request {
  url: URL;
  request: Request;
  params: Record<string, string>;
  /** the key owner's session (gating as for the owner); null without a key */
  session: Session | null;
  asker: Asker;
  /** the guide of each metric set (its value -> the guide's path on the site), from the site's content */
  guideOf: (set: string) => string | null;
}

/** A prepared call: what it counts against the quotas, and the work (an object to check, or a Response: CSV). */
export interface V1Call {
  cost: number;
  run: () => Promise<unknown>;
}

export interface V1Endpoint {
  /** OpenAPI path, e.g. /api/v1/players/{player_id} */
  path: string;
  summary: string;
  description: string;
  /** path parameters (documentation and their check) */
  params?: z.ZodObject;
  /** query parameters (documentation; the call parses them) */
  query?: z.ZodObject;
  answer: z.ZodType;
  /** `format=csv` (or Accept: text/csv) gives the table as a CSV download */
  csv: boolean;
  prepare: (r: V1Request) => V1Call;
}
