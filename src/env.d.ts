/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user's session, or null when anonymous (filled by the middleware). */
    session: import('./lib/session').Session | null;
  }
}
