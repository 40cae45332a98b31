import { getMember } from "@/lib/auth/member";
import { loadChildCamSwitches } from "@/lib/cam/page";
import type { FormAction, FormState } from "@/lib/forms";
import { ChildCamSharingForm } from "./child-cam-sharing";

/**
 * /circle's Cam section for a carer: one switch per child in their care, whether the child may share
 * moments with their circle (off by default: a child's moments are private). Nothing for anyone else.
 */
export async function ChildrenCamSharing({ action }: { action: FormAction<FormState> }) {
  const member = await getMember();
  if (!member) return null;
  const childrenInCare = await loadChildCamSwitches(member);
  if (childrenInCare.length === 0) return null;
  return (
    <section aria-labelledby="children-cam" className="mt-10 grid gap-4">
      <h2 id="children-cam" className="text-xl font-semibold text-ink">
        Children&rsquo;s Cam
      </h2>
      <p className="text-base text-muted">
        A child&rsquo;s moments are theirs and private. If you allow it, they choose what to share with their circle,
        and with whom; nothing ever leaves it.
      </p>
      {childrenInCare.map((child) => (
        <ChildCamSharingForm key={child.childId} child={child} action={action} />
      ))}
    </section>
  );
}
