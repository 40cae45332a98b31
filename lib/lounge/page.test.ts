import { describe, expect, it } from "vitest";
import { threadsOf, whenText, type PostLine } from "./page";

const post = (id: string, createdAt: number, replyTo: string | null = null): PostLine => ({
  id,
  authorName: "Sky Blue",
  mine: false,
  text: id,
  replyTo,
  createdAt,
  held: false,
  holdReasons: [],
  removed: false,
  cheered: false,
  image: null,
  when: "",
  heldBecause: [],
});

describe("the table's threads", () => {
  it("put each reply under its first post, oldest reply first, threads newest first", () => {
    // Newest first, as the library gives them.
    const posts = [post("r2", 50, "a"), post("b", 40), post("r1", 30, "a"), post("a", 20), post("lost", 10, "old")];
    expect(threadsOf(posts).map((thread) => [thread.post.id, thread.replies.map((reply) => reply.id)])).toEqual([
      ["b", []],
      ["a", ["r1", "r2"]],
      // A reply whose first post is on an older page is kept, by its own time.
      ["lost", []],
    ]);
  });
});

describe("times in words", () => {
  const now = new Date("2026-03-11T12:00:00Z");
  it("say the clock today and the day before that, in the member's zone", () => {
    expect(whenText(Date.parse("2026-03-11T09:05:00Z") / 1000, "Europe/London", now)).toBe("09:05");
    expect(whenText(Date.parse("2026-03-10T21:40:00Z") / 1000, "Europe/London", now)).toBe("10 Mar, 21:40");
    // Already the next day in Auckland (UTC+13 in March).
    expect(whenText(Date.parse("2026-03-11T12:00:00Z") / 1000, "Pacific/Auckland", now)).toBe("01:00");
    expect(whenText(Date.parse("2026-03-11T10:00:00Z") / 1000, "Pacific/Auckland", now)).toBe("11 Mar, 23:00");
  });
});
