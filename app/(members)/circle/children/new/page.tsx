import type { Metadata } from "next";
import { ChildAccountForm } from "@/components/circles/child-account-form";
import { Subpage } from "@/components/ui/subpage";
import { BACK_TO_MY_CIRCLE } from "@/config/members-navigation";
import { getMember } from "@/lib/auth/member";
import { CHILD_CONSENT_WORDING } from "@/lib/circles";
import { loadNewChildPage } from "@/lib/circles/page";
import { createChildAction } from "./actions";

export const metadata: Metadata = { title: "Create a child's account" };

/** A circle's owner or a guardian creates an account for a child under 13 (lib/circles/children.ts). */
export default async function NewChildPage() {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const { circles } = await loadNewChildPage(member.memberId);
  return (
    <Subpage back={BACK_TO_MY_CIRCLE} title="Create a child’s account">
      <p className="mt-4 text-base text-muted">
        For a child under 13 in your circle. They get a sign-in name instead of an email, and what they make stays
        inside their circle: they cannot share anything with anyone outside it.
      </p>
      {circles.length === 0 ? (
        <p className="mt-6 text-base text-ink">
          Only a circle&rsquo;s owner or a guardian can create a child&rsquo;s account. A Family plan gives you a circle
          of your own.
        </p>
      ) : (
        <ChildAccountForm circles={circles} consentWording={CHILD_CONSENT_WORDING} action={createChildAction} />
      )}
    </Subpage>
  );
}
