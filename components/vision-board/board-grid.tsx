"use client";

import Link from "next/link";
import { startTransition, useActionState, useState, type DragEvent } from "react";
import { idleForm, type FormAction, type FormState } from "@/lib/forms";
import { buttonClass } from "@/components/ui/button";

export type GridItem = {
  id: string;
  kind: "goal" | "photo" | "words" | "colour";
  size: "small" | "medium" | "large";
  title: string | null;
  text: string | null;
  colour: string | null;
  imageUrl: string | null;
  imageAlt: string;
  area: string | null;
  ownerName: string | null;
  mine: boolean;
  status: "active" | "done" | "let_go" | null;
  statusNote: string | null;
  progress: number | null;
};

// An ordered grid that reflows with the screen: each size spans more columns, never a free canvas.
const SPAN = {
  small: "col-span-1",
  medium: "col-span-1 sm:col-span-2",
  large: "col-span-1 sm:col-span-2 lg:col-span-3",
};
const STATUS = { active: null, done: "Done", let_go: "Let go" } as const;

/**
 * The board's grid. Reordering works by keyboard and screen reader ("Move earlier" / "Move later" on
 * every item) and by dragging; either way the server renumbers the board and the new position is
 * announced in the live region.
 */
export function BoardGrid({
  items,
  canMove,
  move,
  remove,
}: {
  items: GridItem[];
  canMove: boolean;
  move: FormAction<FormState>;
  remove: FormAction<FormState>;
}) {
  const [moved, moveTo, pending] = useActionState(move, idleForm);
  const [removed, removeItem] = useActionState(remove, idleForm);
  const [dragged, setDragged] = useState<string | null>(null);
  const send = (itemId: string, position: number) => {
    const data = new FormData();
    data.set("itemId", itemId);
    data.set("position", String(position));
    startTransition(() => moveTo(data));
  };
  const drop = (event: DragEvent, position: number) => {
    event.preventDefault();
    if (dragged) send(dragged, position);
    setDragged(null);
  };
  return (
    <>
      <p aria-live="polite" role="status" className="sr-only" data-testid="board-announcer">
        {moved.message || removed.message}
      </p>
      {moved.status === "error" && <p className="mt-2 text-red-700">{moved.message}</p>}
      {items.length === 0 ? (
        <p className="mt-6 text-muted">Nothing here yet. Add a goal, a photo, some words or a colour.</p>
      ) : (
        <ol
          className="vision-grid mt-6 grid grid-cols-1 gap-4 sm:grid-cols-4 lg:grid-cols-6"
          aria-label="Board items, in order"
        >
          {items.map((item, index) => (
            <li
              key={item.id}
              className={`${SPAN[item.size]} flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm`}
              style={item.kind === "colour" && item.colour ? { borderTop: `2.5rem solid ${item.colour}` } : undefined}
              draggable={canMove}
              onDragStart={() => setDragged(item.id)}
              onDragOver={(event) => canMove && event.preventDefault()}
              onDrop={(event) => drop(event, index)}
              aria-label={`${index + 1} of ${items.length}: ${item.title ?? item.text ?? item.kind}`}
            >
              {item.imageUrl ? (
                // eslint-disable-next-line @next/next/no-img-element -- the image route checks access per request
                <img src={item.imageUrl} alt={item.imageAlt} className="w-full rounded-xl object-cover" />
              ) : item.kind === "photo" ? (
                <p className="text-sm text-muted">The photo is being prepared.</p>
              ) : null}
              {item.title &&
                (item.kind === "goal" ? (
                  <h3 className="text-lg font-semibold text-ink">
                    <Link href={`/vision-board/goal/${item.id}`} className="underline">
                      {item.title}
                    </Link>
                  </h3>
                ) : (
                  <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
                ))}
              {item.text && <p className="text-ink">{item.text}</p>}
              {item.kind === "colour" && item.colour && <p className="text-sm text-muted">Colour {item.colour}</p>}
              {item.area && <p className="text-sm text-muted">{item.area}</p>}
              {item.status && STATUS[item.status] && (
                <p className="text-sm font-semibold text-ink">
                  {STATUS[item.status]}
                  {item.statusNote ? `: ${item.statusNote}` : ""}
                </p>
              )}
              {item.progress !== null && (
                <p className="text-sm text-ink">
                  <label>
                    Progress{" "}
                    <progress max={100} value={Math.round(item.progress * 100)} className="align-middle">
                      {Math.round(item.progress * 100)}%
                    </progress>{" "}
                    {Math.round(item.progress * 100)}%
                  </label>
                </p>
              )}
              <p className="text-sm text-muted">{item.mine ? "Yours" : item.ownerName ? `${item.ownerName}'s` : ""}</p>
              {canMove && (
                <div className="no-print mt-auto flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={buttonClass("secondary")}
                    disabled={index === 0 || pending}
                    onClick={() => send(item.id, index - 1)}
                    aria-label={`Move earlier: ${item.title ?? item.text ?? item.kind}`}
                  >
                    Move earlier
                  </button>
                  <button
                    type="button"
                    className={buttonClass("secondary")}
                    disabled={index === items.length - 1 || pending}
                    onClick={() => send(item.id, index + 1)}
                    aria-label={`Move later: ${item.title ?? item.text ?? item.kind}`}
                  >
                    Move later
                  </button>
                  {item.mine && (
                    <button
                      type="button"
                      className={buttonClass("secondary")}
                      onClick={() => {
                        const data = new FormData();
                        data.set("itemId", item.id);
                        startTransition(() => removeItem(data));
                      }}
                      aria-label={`Remove: ${item.title ?? item.text ?? item.kind}`}
                    >
                      Remove
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
