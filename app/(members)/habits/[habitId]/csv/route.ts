import { NextResponse } from "next/server";
import { getMember } from "@/lib/auth/member";
import { exportHabitCsv } from "@/lib/habits/export";
import { isHabitError } from "@/lib/habits/errors";

/** One habit's entries as CSV, for someone the sharing rule lets see it; 404 like a missing habit otherwise. */
export async function GET(_request: Request, { params }: { params: Promise<{ habitId: string }> }) {
  const member = await getMember();
  if (!member) return new NextResponse("Not signed in", { status: 401, headers: { "cache-control": "no-store" } });
  try {
    const { title, csv } = await exportHabitCsv(member.memberId, (await params).habitId);
    const name = title.replace(/[^A-Za-z0-9 _-]/g, "").trim() || "habit";
    return new NextResponse(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${name}.csv"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (isHabitError(error))
      return new NextResponse(error.message, { status: error.status, headers: { "cache-control": "no-store" } });
    throw error;
  }
}
