/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user's session, or null when anonymous (filled by the middleware). */
    session: import('./lib/accounts/sessionShape').Session | null;
    /** Server-only: the signed-in user's account record and session digest (the account pages act on it). */
    account: import('./server/auth/requestSession').RequestAccount | null;
  }
}
