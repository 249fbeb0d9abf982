/**
 * Answers that belong to one person are never stored by a browser or a shared cache: anything
 * answered to a request carrying a session (staff pages and their `.data` requests hold candidate
 * data) and anything that sets a cookie. Anonymous public pages keep their own caching (decision 021).
 */
export function isPrivateAnswer(request: Request, response: Response): boolean {
  return /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=/.test(request.headers.get("cookie") ?? "") || response.headers.has("Set-Cookie");
}

export function markPrivateAnswer(request: Request, response: Response): void {
  if (isPrivateAnswer(request, response)) response.headers.set("Cache-Control", "no-store");
}
