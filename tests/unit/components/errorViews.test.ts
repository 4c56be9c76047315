/**
 * The error pages of spec sections 2 and 8, rendered by Astro itself (container API): the heading is chosen by
 * status (404 "Page not found", anything else "Internal Server Error", default 500) and the message is the
 * error's own or the status message.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import ErrorView from '../../../src/components/ErrorView.astro';
import Page500 from '../../../src/pages/500.astro';
import Page404 from '../../../src/pages/404.astro';
import ErrorPage from '../../../src/pages/error.astro';
import { ApiError } from '../../../src/server/stats/base/errors';

let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});

const text = (html: string, selector: 'h1' | 'detail') => {
  const re = selector === 'h1' ? /<h1[^>]*>([^<]*)<\/h1>/ : /data-testid="error-message"[^>]*>([^<]*)</;
  return re.exec(html)?.[1];
};

describe('ErrorView', () => {
  it('defaults to 500 with the status message', async () => {
    const html = await container.renderToString(ErrorView);
    expect(text(html, 'h1')).toBe('Internal Server Error');
    expect(text(html, 'detail')).toBe('Internal Server Error');
    expect(html).toContain('data-status="500"');
  });
  it('shows "Page not found" for 404 and the message passed along', async () => {
    const html = await container.renderToString(ErrorView, { props: { status: 404, message: 'Page Not Found: /x' } });
    expect(text(html, 'h1')).toBe('Page not found');
    expect(text(html, 'detail')).toBe('Page Not Found: /x');
  });
  it('shows "Internal Server Error" for any other status, with its status message when no message is given', async () => {
    const html = await container.renderToString(ErrorView, { props: { status: 503 } });
    expect(text(html, 'h1')).toBe('Internal Server Error');
    expect(text(html, 'detail')).toBe('Service Unavailable');
  });
});

describe('error pages', () => {
  it('500.astro answers 500 with the message of an error written for visitors (one with its HTTP status)', async () => {
    const response = await container.renderToResponse(Page500, { props: { error: new ApiError(503, 'The stats are being updated: try again in a minute') } });
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('<title>Internal Server Error | Courtvision</title>');
    expect(text(html, 'h1')).toBe('Internal Server Error');
    expect(text(html, 'detail')).toBe('The stats are being updated: try again in a minute');
  });
  it("500.astro never shows an internal error's text (a database's message names tables and SQL)", async () => {
    const html = await (
      await container.renderToResponse(Page500, { props: { error: new Error('Catalog Error: Table with name player_bios does not exist!') } })
    ).text();
    expect(text(html, 'detail')).toBe('Internal Server Error');
    expect(html).not.toContain('player_bios');
  });
  it('500.astro without an error shows the status message', async () => {
    const html = await (await container.renderToResponse(Page500)).text();
    expect(text(html, 'detail')).toBe('Internal Server Error');
  });
  it('404.astro answers 404 naming the path', async () => {
    const response = await container.renderToResponse(Page404, { request: new Request('http://localhost/no/such/page') });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(text(html, 'h1')).toBe('Page not found');
    expect(text(html, 'detail')).toBe('Page Not Found: /no/such/page');
  });
  it('/error defaults to 500', async () => {
    const html = await container.renderToString(ErrorPage);
    expect(text(html, 'h1')).toBe('Internal Server Error');
  });
});
