/**
 * The developer API's quota windows are whole UTC minutes. A test that needs a run of requests to fall in one
 * window waits for the next minute only when too little of the current one is left for the run: waiting for a
 * fresh minute every time cost 30 s on average (up to 60 s) of an idle worker per test.
 */
export async function oneQuotaWindowFor(runMs: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left >= runMs) return;
  await new Promise((r) => setTimeout(r, left + 500));
}
