import { describe, expect, it } from "vitest";
import { bellLabel, unreadBadge } from "./notifications";

describe("the bell", () => {
  it("is named with the unread count, and shows 99+ past 99", () => {
    expect(bellLabel(0)).toBe("Notifications");
    expect(bellLabel(3)).toBe("Notifications, 3 unread");
    expect(unreadBadge(99)).toBe("99");
    expect(unreadBadge(100)).toBe("99+");
    expect(bellLabel(100)).toBe("Notifications, 99+ unread");
  });
});
