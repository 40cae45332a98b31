"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";

const SUBSCRIPTION = `subscription($roomId: String!) { loungeTableChanged(roomId: $roomId) { postId kind eventId } }`;
/** Waits before reconnecting after the stream ended or failed: doubled each time, up to a minute. */
const FIRST_WAIT_MS = 2_000;
const LONGEST_WAIT_MS = 60_000;

type Change = { postId: string; kind: string; eventId: string | null };

/** Each complete server-sent event's `event` and `data` in `text`, and what is left of an unfinished one. */
function eventsIn(text: string): { events: { event: string; data: string }[]; rest: string } {
  const blocks = text.split("\n\n");
  const rest = blocks.pop() ?? "";
  const events = blocks.map((block) => {
    const lines = block.split("\n");
    const field = (name: string) =>
      lines
        .filter((line) => line.startsWith(`${name}:`))
        .map((line) => line.slice(name.length + 1).trimStart())
        .join("\n");
    return { event: field("event"), data: field("data") };
  });
  return { events, rest };
}

/**
 * Keeps the table's page current: follows the table's live field (`loungeTableChanged` on /graphql,
 * server-sent events over the member's session) and re-renders the page from the server when a post
 * is published there. Events carry ids only; the page reads the table again with the server's checks.
 * A dropped stream reconnects with Last-Event-ID, so a post published meanwhile is not missed. A
 * refusal (the room closed for the night, the member no longer allowed) stops it: the page says why
 * on its next load.
 */
export function LiveTable({ roomId }: { roomId: string }) {
  const router = useRouter();
  const [news, setNews] = useState("");
  const lastEventId = useRef<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let wait = FIRST_WAIT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = (change: Change) => {
      if (change.eventId) lastEventId.current = change.eventId;
      router.refresh();
      if (change.kind === "post.published" || change.kind === "missed") setNews("New posts at the table.");
    };
    const listen = async (): Promise<"again" | "stop"> => {
      const response = await fetch("/graphql", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "text/event-stream",
          ...(lastEventId.current ? { "last-event-id": lastEventId.current } : {}),
        },
        body: JSON.stringify({ query: SUBSCRIPTION, variables: { roomId } }),
        signal: controller.signal,
        credentials: "same-origin",
      });
      const type = response.headers.get("content-type") ?? "";
      if (!response.ok || !response.body || !type.includes("text/event-stream"))
        return response.status === 429 || response.status >= 500 ? "again" : "stop";
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffered = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return "again";
        buffered += decoder.decode(value, { stream: true }).replace(/\r\n/g, "\n");
        const { events, rest } = eventsIn(buffered);
        buffered = rest;
        for (const { event, data } of events) {
          if (event === "complete") return "again";
          if (event !== "next" || !data) continue;
          const payload = JSON.parse(data) as { data?: { loungeTableChanged?: Change }; errors?: unknown[] };
          if (payload.errors?.length) return "stop";
          const change = payload.data?.loungeTableChanged;
          if (change) {
            wait = FIRST_WAIT_MS;
            refresh(change);
          }
        }
      }
    };
    const run = () => {
      listen()
        .catch(() => (controller.signal.aborted ? "stop" : "again"))
        .then((next) => {
          if (next === "stop" || controller.signal.aborted) return;
          timer = setTimeout(run, wait);
          wait = Math.min(wait * 2, LONGEST_WAIT_MS);
        });
    };
    run();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [roomId, router]);
  return (
    <p role="status" className="sr-only">
      {news}
    </p>
  );
}
