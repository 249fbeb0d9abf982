/** The cookie in which the browser tells the server its time zone (an IANA name, URI-encoded). */
export const TZ_COOKIE = "tz";
