/**
 * The Copy button beside a newly made API key (src/components/AccountSettings.astro): the key is shown once, so
 * copying it must not fail silently. The clipboard is asked first (navigator.clipboard.writeText); when the browser
 * refuses (no permission, an insecure origin, no Clipboard API), the key's text is selected in its box and the
 * older copy command is tried; if that fails too, the text stays selected and the page says how to copy it by
 * hand. Each outcome is said in the button ("Copied") and in a live status line, e.g.
 *   clipboard granted           -> 'copied'   "Copied to the clipboard."
 *   clipboard refused, execCommand('copy') works -> 'copied'
 *   both refused                -> 'selected' "Your browser did not allow copying: the key is selected, press Ctrl+C (⌘C on a Mac)."
 * The button is hidden until this script runs: without JavaScript the key's box is there to select by hand.
 */

export type CopyOutcome = 'copied' | 'selected';

export interface CopyDeps {
  /** The async Clipboard API, when the browser has one. */
  clipboard?: { writeText(text: string): Promise<void> } | null;
  /** Selects the key's text in its box (and focuses it). */
  select(): void;
  /** The older copy command on the selection: true when it copied. */
  execCopy(): boolean;
}

export const COPY_MESSAGES: Record<CopyOutcome, string> = {
  copied: 'Copied to the clipboard.',
  selected: 'Your browser did not allow copying: the key is selected, press Ctrl+C (⌘C on a Mac) to copy it.',
};

/** How long the button says "Copied" before it reads "Copy" again (ms). */
export const COPIED_FOR_MS = 4000;

export async function copyKey(text: string, deps: CopyDeps): Promise<CopyOutcome> {
  if (deps.clipboard) {
    try {
      await deps.clipboard.writeText(text);
      return 'copied';
    } catch {
      // refused: fall back below
    }
  }
  deps.select();
  try {
    if (deps.execCopy()) return 'copied';
  } catch {
    // the command is gone or refused too
  }
  return 'selected';
}

/** Wires one Copy button to its key box and status line (the page's script calls this). */
export function enhanceCopyButton(button: HTMLButtonElement, input: HTMLInputElement, status: HTMLElement, win: Window = window): void {
  button.hidden = false;
  let timer: number | undefined;
  button.addEventListener('click', () => {
    void copyKey(input.value, {
      clipboard: win.navigator.clipboard ?? null,
      select: () => {
        input.focus();
        input.select();
      },
      execCopy: () => win.document.execCommand('copy'),
    }).then((outcome) => {
      status.textContent = COPY_MESSAGES[outcome];
      button.dataset.state = outcome;
      button.textContent = outcome === 'copied' ? 'Copied' : 'Copy';
      win.clearTimeout(timer);
      if (outcome === 'copied') {
        timer = win.setTimeout(() => {
          button.textContent = 'Copy';
          delete button.dataset.state;
        }, COPIED_FOR_MS);
      }
    });
  });
}
