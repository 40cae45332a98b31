import type { Metadata } from "next";
import { getMember } from "@/lib/auth/member";
import { getMyAppealable } from "@/lib/lounge";
import { Panel } from "@/components/ui/panel";
import { AppealForm } from "@/components/lounge/moderation/forms";
import { appealModerationAction } from "../moderation/actions";

export const metadata: Metadata = { title: "Lounge decisions about you" };

const STATUS = {
  open: "Another moderator will look at it.",
  upheld: "Upheld: the decision was undone.",
  rejected: "Rejected: the decision stands.",
};

/** A member's own removed posts and suspensions, each appealable once to another moderator. */
export default async function LoungeAppealsPage() {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const decisions = await getMyAppealable(member.memberId);
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">Lounge decisions about you</h1>
      {decisions.length === 0 ? (
        <p>No moderator has removed a post of yours or suspended you.</p>
      ) : (
        <ul className="grid gap-4">
          {decisions.map((decision) => (
            <li key={decision.logId}>
              <Panel className="grid gap-2">
                <h2 className="text-lg font-semibold">
                  {decision.action === "suspend" ? `Suspended for ${decision.days} days` : "A post removed"} on{" "}
                  {decision.createdAt.slice(0, 10)}
                </h2>
                <p>Reason: {decision.reason}</p>
                {decision.appeal ? (
                  <p>
                    You appealed: “{decision.appeal.text}”. {STATUS[decision.appeal.status]}
                  </p>
                ) : (
                  <AppealForm action={appealModerationAction} logId={decision.logId} />
                )}
              </Panel>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
