/**
 * Countries, for where a remote job's candidates may work from (decision 107): the ISO 3166-1
 * alpha-2 codes, named in English by the runtime. The form takes names or codes, separated by
 * commas; the job stores the codes.
 */
export const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

/** At most this many countries a job names. */
export const MAX_COUNTRIES = 50;

export const COUNTRY_MESSAGES = {
  unknown: (entry: string) => `“${entry}” is not a country we know. Use its name or two-letter code, e.g. Germany or DE`,
  tooMany: `Please name at most ${MAX_COUNTRIES} countries`,
} as const;

const names = new Intl.DisplayNames(["en"], { type: "region" });

/** A country's English name ("DE" → "Germany"). */
export function countryName(code: string): string {
  return names.of(code) ?? code;
}

const normal = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z]+/g, " ")
    .trim();

/** Other names people write for a country. */
const ALIASES: Record<string, string> = {
  usa: "US",
  "united states of america": "US",
  america: "US",
  uk: "GB",
  "great britain": "GB",
  britain: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  holland: "NL",
  "the netherlands": "NL",
  turkey: "TR",
  "czech republic": "CZ",
  "south korea": "KR",
  korea: "KR",
  "hong kong": "HK",
  macau: "MO",
  macao: "MO",
  "ivory coast": "CI",
  "cote d ivoire": "CI",
  uae: "AE",
  "russian federation": "RU",
  burma: "MM",
  myanmar: "MM",
  swaziland: "SZ",
  "cabo verde": "CV",
  "vatican": "VA",
};

let byName: Map<string, string> | undefined;

/** The code a country name or code stands for, or null. */
export function countryCode(entry: string): string | null {
  const text = entry.trim();
  if (/^[a-z]{2}$/i.test(text)) {
    const code = text.toUpperCase();
    return code === "UK" ? "GB" : COUNTRY_CODES.includes(code) ? code : null;
  }
  byName ??= new Map([...COUNTRY_CODES.map((code) => [normal(countryName(code)), code] as const), ...Object.entries(ALIASES)]);
  return byName.get(normal(text)) ?? null;
}

/** The countries a comma-separated text names, as codes in the order given; or the first entry it cannot read. */
export function parseCountries(text: string): { codes: string[] } | { unknown: string } {
  const codes: string[] = [];
  for (const entry of text.split(/[,;\n]/)) {
    if (!entry.trim()) continue;
    const code = countryCode(entry);
    if (!code) return { unknown: entry.trim() };
    if (!codes.includes(code)) codes.push(code);
  }
  return { codes };
}

/** The codes as the form shows them: names, comma-separated. */
export function countriesText(codes: readonly string[] | null | undefined): string {
  return (codes ?? []).map(countryName).join(", ");
}
