import { getMember } from "@/lib/auth/member";
import { familyPlanOf } from "@/lib/account/page";
import { canInviteByText, getCircle } from "@/lib/invitations";
import { FamilyCircleView, type CircleActions } from "./family-circle-view";
import { Panel } from "@/components/ui/panel";
import { buttonClass } from "@/components/ui/button";
import { circlesForChildren } from "@/lib/circles";
import Link from "next/link";

/** "My Safe Circle": the people a Family plan covers, their invitations, or whose circle the member is in. */
export async function FamilyCircle({ actions }: { actions: CircleActions }) {
  const member = await getMember();
  if (!member) return null;
  const familyPlan = familyPlanOf;
  const circle = await getCircle(member, { familyPlan });
  // Owners and guardians create children's accounts (a Family plan without a circle yet starts one).
  const managesChildren =
    (await circlesForChildren(member.memberId)).length > 0 || (await familyPlan(member.memberId)).family;
  return (
    <Panel aria-labelledby="safe-circle" className="mt-6">
      <h2 id="safe-circle" className="text-lg font-semibold text-ink">
        My Safe Circle
      </h2>
      <FamilyCircleView actions={actions} circle={circle} texts={canInviteByText()} />
      {managesChildren ? (
        <p className="mt-4">
          <Link href="/circle/children/new" className={buttonClass("secondary")}>
            Create a child&rsquo;s account
          </Link>
        </p>
      ) : null}
    </Panel>
  );
}
