import { describe, expect, it } from "vitest";
import { currentPlace, isMembersPath, MEMBERS_FEATURES, membersPlaces } from "./members-navigation";

describe("the members' places", () => {
  it("are Today, the live features in the list's order, Circle and Account", () => {
    expect(membersPlaces().map((place) => place.label)).toEqual([
      "Today",
      "Habits",
      "Calendar",
      "Cam",
      "Vision Board",
      "Lounge",
      "Circle",
      "Account",
    ]);
  });

  it("take in a feature as it goes live, from the one list", () => {
    const withoutLounge = MEMBERS_FEATURES.map((feature) =>
      feature.key === "lounge" ? { ...feature, live: false } : feature,
    );
    expect(membersPlaces(withoutLounge).map((place) => place.label)).not.toContain("Lounge");
    expect(membersPlaces(MEMBERS_FEATURES).map((place) => [place.label, place.href])).toEqual([
      ["Today", "/today"],
      ["Habits", "/habits"],
      ["Calendar", "/calendar"],
      ["Cam", "/cam"],
      ["Vision Board", "/vision-board"],
      ["Lounge", "/lounge"],
      ["Circle", "/circle"],
      ["Account", "/my-account"],
    ]);
  });

  it("know which place a page is under, and which pages are the members'", () => {
    expect(currentPlace("/habits/2f1e")?.label).toBe("Habits");
    expect(currentPlace("/calendar/event/abc")?.label).toBe("Calendar");
    expect(currentPlace("/cam/compare")?.label).toBe("Cam");
    expect(currentPlace("/lounge/2f1e")?.label).toBe("Lounge");
    expect(currentPlace("/my-account/security")?.label).toBe("Account");
    expect(currentPlace("/manage-subscription")?.label).toBe("Account");
    // A prefix is not a place: /todayish is nobody's.
    expect(currentPlace("/todayish")).toBeNull();
    expect(isMembersPath("/core-features/my-habits")).toBe(false);
    expect(isMembersPath("/")).toBe(false);
    expect(isMembersPath("/today")).toBe(true);
  });
});
