/**
 * "Save view": keeps the page's address (its path and query: page kind, side, metric set and filters, or a finder
 * query) under a name on the subscriber's account (POST /api/account/views with the CSRF token Auth.js gives at
 * /api/auth/csrf; rules in src/server/accounts/savedViews.ts). The address is read when the form is sent, so the
 * view saved is the one on screen. Without the Stats plan the control is a link: to sign in, or to the plan.
 * Used by the stats app's toolbar and by the finder.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { AUTH_BASE_PATH, AUTH_PAGES } from '../../lib/accounts/authPaths';
import { VIEW_NAME_MAX } from '../../lib/accounts/savedViewName';
import { $filterAccess } from '../../stores/authState';
import './saveView.css';

/** A first name for the view: the page's title without the site's name. */
function suggestedName(): string {
  const title = document.title.split(/\s+[|·–—]\s+/)[0]?.trim() ?? '';
  return [...title].slice(0, VIEW_NAME_MAX).join('');
}

type State = { kind: 'closed' } | { kind: 'open' } | { kind: 'saving' } | { kind: 'saved'; name: string } | { kind: 'error'; message: string };

async function save(name: string): Promise<{ ok: true; name: string } | { ok: false; message: string }> {
  try {
    const csrf = await fetch(`${AUTH_BASE_PATH}/csrf`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    const { csrfToken } = (await csrf.json()) as { csrfToken?: string };
    const response = await fetch('/api/account/views', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ name, url: location.pathname + location.search, csrfToken }),
    });
    const body = (await response.json().catch(() => ({}))) as { view?: { name: string }; error?: string };
    if (response.ok && body.view) return { ok: true, name: body.view.name };
    return { ok: false, message: body.error ?? `The view could not be saved (HTTP ${response.status}).` };
  } catch {
    return { ok: false, message: 'The view could not be saved: the site did not answer. Try again.' };
  }
}

export default function SaveView() {
  const access = useStore($filterAccess);
  const [state, setState] = useState<State>({ kind: 'closed' });
  const [name, setName] = useState('');
  const input = useRef<HTMLInputElement | null>(null);
  const id = useId();
  useEffect(() => {
    if (state.kind === 'open') input.current?.focus();
  }, [state.kind]);

  if (access === 'loading') return null;
  if (access !== 'plan') {
    const here = typeof location === 'undefined' ? '/' : location.pathname + location.search;
    const href = access === 'anonymous' ? `${AUTH_PAGES.signIn}?${new URLSearchParams({ callbackUrl: here })}` : '/pricing';
    return (
      <a
        className="sv-button"
        href={href}
        data-testid="save-view"
        title={access === 'anonymous' ? 'Sign in to save views' : 'Saving views comes with the Stats plan'}
      >
        Save view
      </a>
    );
  }

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setState({ kind: 'saving' });
    const result = await save(name);
    setState(result.ok ? { kind: 'saved', name: result.name } : { kind: 'error', message: result.message });
  };
  const open = state.kind !== 'closed';
  return (
    <div className="sv" data-testid="save-view-control">
      <button
        type="button"
        className="sv-button"
        aria-expanded={open}
        aria-controls={id}
        data-testid="save-view"
        onClick={() => {
          if (open) return setState({ kind: 'closed' });
          setName(suggestedName());
          setState({ kind: 'open' });
        }}
      >
        Save view
      </button>
      {open && (
        <div className="sv-panel" id={id} role="dialog" aria-label="Save this view">
          {state.kind === 'saved' ? (
            <p className="sv-ok" role="status">
              Saved as "{state.name}". <a href="/profile#saved-views">Your saved views</a>
            </p>
          ) : (
            <form onSubmit={(e) => void submit(e)}>
              <label htmlFor={`${id}-name`}>Name</label>
              <input
                ref={input}
                id={`${id}-name`}
                value={name}
                maxLength={VIEW_NAME_MAX}
                required
                onChange={(e) => setName(e.target.value)}
                onKeyDown={(e) => e.key === 'Escape' && setState({ kind: 'closed' })}
              />
              <div className="sv-row">
                <button type="submit" className="sv-save" disabled={state.kind === 'saving'}>
                  {state.kind === 'saving' ? 'Saving…' : 'Save'}
                </button>
                <button type="button" className="sv-cancel" onClick={() => setState({ kind: 'closed' })}>
                  Cancel
                </button>
              </div>
              {state.kind === 'error' && (
                <p className="sv-error" role="alert">
                  {state.message}
                </p>
              )}
            </form>
          )}
        </div>
      )}
    </div>
  );
}
