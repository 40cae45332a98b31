import { notFound } from "next/navigation";
import { getMember } from "@/lib/auth/member";
import { isLoungeModerator } from "@/lib/lounge";

/** The signed-in member when the operator named them a moderator; anyone else sees the 404 page. */
export async function moderatorOrNotFound() {
  const member = await getMember();
  if (!member || !(await isLoungeModerator(member.memberId))) notFound();
  return member;
}
