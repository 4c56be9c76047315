/**
 * Loads what a server-rendered page shows and turns the errors a visitor can meet into a status and a message
 * for the page: a bad parameter (ParamError) is a 400, a stats database not built yet or damaged a 503. Anything else is
 * thrown (a 500).
 */
import { ParamError } from '../../lib/params/apiParams';
import { StatsDbUnavailableError } from '../db/statsDb';

export type PageData<T> = { data: T; error?: undefined } | { data?: undefined; error: string };

export async function loadPageData<T>(response: { status?: number }, load: () => Promise<T>): Promise<PageData<T>> {
  try {
    return { data: await load() };
  } catch (e) {
    if (e instanceof ParamError) response.status = 400;
    else if (e instanceof StatsDbUnavailableError) response.status = 503;
    else throw e;
    return { error: e.message };
  }
}
