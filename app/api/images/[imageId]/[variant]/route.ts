import { imageHolders } from "@/lib/features";
import { imageResponse } from "@/lib/uploads";
import { failureAnswer, requestMember } from "../../../uploads/request-member";

export const dynamic = "force-dynamic";

/**
 * A stored image (display or thumbnail), to whoever may see the item that holds it, checked on every
 * request: 401 for a guest or a forged credential, 404 for anyone else (lib/uploads/serve.ts).
 */
export async function GET(request: Request, { params }: { params: Promise<{ imageId: string; variant: string }> }) {
  const who = await requestMember(request, { changes: false });
  if ("refusal" in who) return who.refusal;
  const { imageId, variant } = await params;
  try {
    return await imageResponse(who.memberId, imageId, variant, imageHolders);
  } catch (error) {
    return failureAnswer(error, "an image");
  }
}
