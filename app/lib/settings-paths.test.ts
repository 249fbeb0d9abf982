import { describe, expect, it } from "vitest";
import { SETTINGS_PATHS, settingsPathOfAnchor } from "./settings-paths";

describe("settingsPathOfAnchor", () => {
  it("sends the old one-page anchors to their own pages", () => {
    expect(settingsPathOfAnchor("#company")).toBe(SETTINGS_PATHS.company);
    expect(settingsPathOfAnchor("#team")).toBe("/settings/team");
    expect(settingsPathOfAnchor("#security")).toBe("/settings/security");
  });

  it("leaves the profile's anchor, no anchor and anything else where they are", () => {
    for (const hash of ["#profile", "", "#", "#confirm-signout-all", "#constructor", "#toString", "#__proto__"]) {
      expect(settingsPathOfAnchor(hash), hash).toBeNull();
    }
  });
});
