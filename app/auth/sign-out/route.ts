import type { NextRequest } from "next/server";
import { signOutResponse } from "@/lib/auth/sign-out";

/** Signs this browser out (see signOutResponse): the footer's and the account page's Log Out. */
export async function GET(request: NextRequest) {
  return signOutResponse(request);
}

export const POST = GET;
