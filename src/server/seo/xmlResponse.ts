/** XML answers of the sitemap routes: 200 with the document, 404 when there is none, 503 without a stats database. */
import { StatsDbUnavailableError } from '../db/statsDb';

const TEXT = { 'Content-Type': 'text/plain; charset=utf-8' };

export async function xmlResponse(build: () => Promise<string | null>): Promise<Response> {
  try {
    const xml = await build();
    if (xml === null) return new Response('No such sitemap', { status: 404, headers: TEXT });
    return new Response(xml, { status: 200, headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
  } catch (e) {
    if (e instanceof StatsDbUnavailableError) return new Response('The stats database is not built yet.', { status: 503, headers: TEXT });
    throw e;
  }
}
