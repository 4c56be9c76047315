/**
 * Content collections: articles (marketing, /articles) and guides (one per metric set, /stats/guides).
 * Markdown files under src/content/{articles,guides}; the file name is the URL id.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { GUIDE_GROUPS } from './lib/site/guideGroups';

const articles = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/articles' }),
  schema: z.object({
    title: z.string().describe('Headline shown on the page and in the title'),
    description: z.string().describe('One or two sentences for the index and the meta description'),
    published: z.coerce.date().describe('Publication date'),
    author: z.string().describe('Byline'),
    readingMinutes: z.number().int().positive().describe('Estimated reading time in minutes'),
  }),
});

const guides = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/guides' }),
  schema: z.object({
    title: z.string().describe('Name of the metric set as the stats pages label it'),
    metricSets: z
      .array(z.string())
      .describe(
        'Metric set values this guide explains (e.g. FourFactors); empty for a view, tool or model with no metric set (With/Without, Compare players, RAPM)',
      ),
    group: z.enum(GUIDE_GROUPS).describe('Section of the guides index'),
    order: z.number().int().describe('Position within its group'),
    summary: z.string().describe('One sentence: what the set answers'),
    views: z.array(z.string()).describe('Stats pages where the set appears'),
  }),
});

export const collections = { articles, guides };
