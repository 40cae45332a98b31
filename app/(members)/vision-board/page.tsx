import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getMember } from "@/lib/auth/member";
import { boardLinks } from "@/lib/features";
import { loadBoardPage } from "@/lib/vision-board/page";
import { AREAS, LOOK_BACK_CHOICES } from "@/lib/vision-board";
import { MAX_UPLOAD_BYTES } from "@/lib/uploads";
import { ActionButton } from "@/components/forms";
import { Panel } from "@/components/ui/panel";
import { BoardGrid } from "@/components/vision-board/board-grid";
import { AddItemForm } from "@/components/vision-board/add-item-form";
import { NewBoardForm } from "@/components/vision-board/new-board-form";
import { LookBackForm } from "@/components/vision-board/look-back-form";
import {
  addItemAction,
  childRightAction,
  createBoardAction,
  lookBackAction,
  moveItemAction,
  removeItemAction,
} from "./actions";
import { startUploadAction } from "../upload-actions";
import "./print.css";

export const metadata: Metadata = { title: "Vision Board" };

/** My Vision Board: the member's boards, and one board as an ordered grid (?board=<id>, an opaque id). */
export default async function VisionBoardPage({ searchParams }: { searchParams: Promise<{ board?: string }> }) {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const page = await loadBoardPage(member.memberId, (await searchParams).board, { links: boardLinks });
  if (!page) notFound();
  const { board, boards } = page;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink">{page.discreet ? "Notes" : "Vision Board"}</h1>
      <nav aria-label="Boards" className="no-print mt-6">
        <ul className="flex flex-wrap gap-2">
          {boards.map((entry) => (
            <li key={entry.id}>
              <Link
                href={`/vision-board?board=${entry.id}`}
                aria-current={entry.id === board.id ? "page" : undefined}
                className="inline-block rounded-full border border-slate-300 px-4 py-2 text-ink aria-[current=page]:bg-ink aria-[current=page]:text-white"
              >
                {entry.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="board-name" className="mt-8">
        <h2 id="board-name" className="text-2xl font-semibold text-ink">
          {board.name}
        </h2>
        <p className="no-print mt-1 text-muted">
          {board.kind === "family"
            ? board.viewOnly
              ? "Your family's board. Your grown-ups have set it to look only."
              : "Your family's board: everyone in the circle adds, and each item says whose it is."
            : "Only you see this board."}{" "}
          Move items with the Move earlier and Move later buttons, or drag them.
        </p>
        <BoardGrid
          items={board.items.map((item) => ({
            id: item.id,
            kind: item.kind,
            size: item.size,
            title: item.realTitle ?? item.title,
            text: item.text,
            colour: item.colour,
            imageUrl: item.image?.url ?? null,
            imageAlt: item.title ?? "A photo on the board",
            area: item.area,
            ownerName: item.ownerName,
            mine: item.mine,
            status: item.status,
            statusNote: item.statusNote,
            progress: item.progress,
          }))}
          canMove={board.canAdd}
          move={moveItemAction}
          remove={removeItemAction}
        />
      </section>
      {board.canAdd && (
        <Panel className="no-print mt-10">
          <h2 className="text-xl font-semibold text-ink">Add to this board</h2>
          <AddItemForm
            boardId={board.id}
            action={addItemAction}
            startUpload={startUploadAction}
            maxBytes={MAX_UPLOAD_BYTES}
            areas={AREAS}
          />
        </Panel>
      )}
      {page.childRights.length > 0 && (
        <Panel className="no-print mt-6">
          <h2 className="text-xl font-semibold text-ink">Children on this board</h2>
          <ul className="mt-4 grid gap-4">
            {page.childRights.map((child) => (
              <li key={child.childId} className="grid gap-2">
                <p className="text-ink">
                  {child.name ?? "A child"}: {child.right === "add" ? "can add" : "can look only"}
                </p>
                <ActionButton
                  action={childRightAction}
                  fields={{
                    circleId: child.circleId,
                    childId: child.childId,
                    right: child.right === "add" ? "view" : "add",
                  }}
                  label={child.right === "add" ? "Let them look only" : "Let them add"}
                  pendingLabel="Saving"
                  accessibleLabel={`${child.right === "add" ? "Let them look only" : "Let them add"}: ${child.name ?? "child"}`}
                />
              </li>
            ))}
          </ul>
        </Panel>
      )}
      <Panel className="no-print mt-6">
        <h2 className="text-xl font-semibold text-ink">Another board</h2>
        <p className="mt-1 text-muted">A year, a theme. Only you see it.</p>
        <NewBoardForm action={createBoardAction} />
      </Panel>
      {page.lookBack && (
        <Panel className="no-print mt-6">
          <h2 className="text-xl font-semibold text-ink">Monthly look back</h2>
          <LookBackForm
            lookBack={page.lookBack.lookBack}
            chosen={page.lookBack.chosen}
            choices={LOOK_BACK_CHOICES}
            action={lookBackAction}
          />
        </Panel>
      )}
    </div>
  );
}
