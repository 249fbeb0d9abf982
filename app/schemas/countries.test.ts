import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, countriesText, countryCode, parseCountries } from "./countries";

describe("countries", () => {
  it("knows the 249 ISO 3166-1 countries by code and English name", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(countryCode("de")).toBe("DE");
    expect(countryCode("Germany")).toBe("DE");
    expect(countryCode("  united states ")).toBe("US");
    expect(countryCode("Bosnia and Herzegovina")).toBe("BA");
    expect(countryCode("Côte d’Ivoire")).toBe("CI");
  });

  it("reads the names people write and refuses what is not a country", () => {
    expect(countryCode("USA")).toBe("US");
    expect(countryCode("UK")).toBe("GB");
    expect(countryCode("Holland")).toBe("NL");
    expect(countryCode("EU")).toBeNull();
    expect(countryCode("Europe")).toBeNull();
    expect(countryCode("ZZ")).toBeNull();
  });

  it("parses a list in order without repeats, or names the first entry it cannot read", () => {
    expect(parseCountries("United States, CA; us,\nGermany")).toEqual({ codes: ["US", "CA", "DE"] });
    expect(parseCountries("Canada, Atlantis, Mars")).toEqual({ unknown: "Atlantis" });
    expect(countriesText(["US", "CA"])).toBe("United States, Canada");
  });
});
