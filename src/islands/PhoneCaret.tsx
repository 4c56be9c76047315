/**
 * The caret of the phone's compact bar: down while the controls are folded, up while open. Drawn by the bar
 * (PhoneControls.tsx) and by the server's copy of it (table/FirstViewTable.tsx), so both bars leave the summary the
 * same width and its text wraps at the same place.
 */
export function PhoneCaret({ open = false }: { open?: boolean }) {
  return (
    <svg className="sa-phone-caret" aria-hidden="true" width="12" height="12" viewBox="0 0 10 10">
      <path d={open ? 'M2 6.5 5 3.5 8 6.5' : 'M2 3.5 5 6.5 8 3.5'} fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}
