import { NextResponse } from "next/server";
import { securityCentreFor } from "@/lib/identity";
import { currentMember, securityCallerOf } from "@/lib/auth/member-session";
import { exportMemberData } from "@/lib/member-data";

/** The member's own data as a JSON download (profile, subscription history, transactions, circle). */
export async function GET() {
  const member = await currentMember();
  if (!member) return NextResponse.json({ statusCode: 401, message: "User is not authenticated" }, { status: 401 });
  const data = await exportMemberData(member, { security: await securityCentreFor(securityCallerOf(member)) });
  const day = new Date().toISOString().slice(0, 10);
  return new NextResponse(JSON.stringify(data, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="happr-data-${day}.json"`,
      "cache-control": "no-store",
    },
  });
}
