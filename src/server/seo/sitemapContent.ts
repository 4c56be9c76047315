/** The ids of the content pages the sitemaps list (articles, guides), from Astro's content collections. */
import { getCollection } from 'astro:content';
import type { ContentIds } from './sitemap';

export async function contentIds(): Promise<ContentIds> {
  const [articles, guides] = await Promise.all([getCollection('articles'), getCollection('guides')]);
  return { articles: articles.map((a) => a.id).sort(), guides: guides.map((g) => g.id).sort() };
}
