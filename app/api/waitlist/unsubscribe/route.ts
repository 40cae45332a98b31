import { leaveWaitlist } from "@/lib/waitlist";

/**
 * RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to the URL of the
 * List-Unsubscribe header. The signed token in the URL names the entry; it is deleted.
 */
export async function POST(request: Request): Promise<Response> {
  const body = (await request.text()).slice(0, 1000);
  if (!new URLSearchParams(body).has("List-Unsubscribe", "One-Click")) {
    return Response.json({ message: "Body must be List-Unsubscribe=One-Click (RFC 8058)" }, { status: 400 });
  }
  const result = await leaveWaitlist(new URL(request.url).searchParams.get("token"));
  return result.status === "left"
    ? Response.json({ message: "Unsubscribed" }, { status: 200 })
    : Response.json({ message: "Invalid unsubscribe link" }, { status: 404 });
}
