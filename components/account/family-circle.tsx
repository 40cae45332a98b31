import { getMember } from "@/lib/auth/member";
import { getBillingService } from "@/lib/billing/provider";
import { canInviteByText, familyPlanFrom, getCircle } from "@/lib/invitations";
import { FamilyCircleView, type CircleActions } from "./family-circle-view";
import { InvitationAcceptor } from "./invitation-acceptor";
import { Panel } from "@/components/ui/panel";

/** "My Safe Circle": the people a Family plan covers, their invitations, or whose circle the member is in. */
export async function FamilyCircle({ actions }: { actions: CircleActions }) {
  const member = await getMember();
  if (!member) return null;
  const circle = await getCircle(member, { familyPlan: familyPlanFrom(getBillingService) });
  return (
    <Panel aria-labelledby="safe-circle" className="mt-6">
      <h2 id="safe-circle" className="text-lg font-semibold text-ink">
        My Safe Circle
      </h2>
      <InvitationAcceptor />
      <FamilyCircleView actions={actions} circle={circle} texts={canInviteByText()} />
    </Panel>
  );
}
