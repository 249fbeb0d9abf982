/** `redirectTo` values that a URL parser resolves to `//host…` or another origin: a browser would leave the site. */
export const OPEN_REDIRECT_PAYLOADS = [
  "/.//evil.example",
  "/..//evil.example",
  "/x/..//evil.example/path",
  "/./\\evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/.%2e//evil.example",
  "//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "https://evil.example",
  "javascript:alert(1)",
];
