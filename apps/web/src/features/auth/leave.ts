/** Hands the whole page over to another site (an OpenID provider); tests replace it. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
