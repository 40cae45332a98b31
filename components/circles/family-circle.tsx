import Link from "next/link";
import type { CircleView } from "@/lib/invitations";
import { FamilyCircleView, type CircleActions } from "./family-circle-view";
import { Panel } from "@/components/ui/panel";
import { buttonClass } from "@/components/ui/button";

/**
 * /circle's Family plan section: the people a Family plan covers and their invitations, or whose
 * circle the member is in; `texts`: whether invitations may go by text message; `canCreateChild`:
 * owners and guardians (and a Family plan without a circle yet) create children's accounts.
 */
export function FamilyCircle({
  circle,
  texts,
  canCreateChild,
  actions,
}: {
  circle: CircleView;
  texts: boolean;
  canCreateChild: boolean;
  actions: CircleActions;
}) {
  return (
    <Panel aria-labelledby="family-plan" className="mt-8">
      <h2 id="family-plan" className="text-lg font-semibold text-ink">
        Family plan
      </h2>
      <FamilyCircleView actions={actions} circle={circle} texts={texts} />
      {canCreateChild ? (
        <p className="mt-4">
          <Link href="/circle/children/new" className={buttonClass("secondary")}>
            Create a child&rsquo;s account
          </Link>
        </p>
      ) : null}
    </Panel>
  );
}
