import Link from "next/link";
import { Panel } from "@/components/ui/panel";
import { LogOutForm } from "@/components/session/log-out-form";
import { buttonClass } from "@/components/ui/button";
import type { ChildCircle } from "@/lib/circles";
import type { FormAction, FormState } from "@/lib/forms";
import { PasswordChangeForm } from "@/components/security/security-centre-forms";

const roleWord = { owner: "looks after your circle", guardian: "is one of your grown-ups" } as Record<string, string>;

/**
 * A child's members' area: their name, what the grown-ups in their circle can and cannot see, in
 * words a child understands, who those grown-ups are, their password, and Log Out. No billing,
 * invitations or security centre: of the sign-in details, only the password is the child's to change
 * (lib/circles child-limits.ts).
 */
export function ChildHome({
  name,
  circles,
  changePassword,
}: {
  name: string | null;
  circles: ChildCircle[];
  changePassword: FormAction<FormState>;
}) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink">Hi{name ? `, ${name}` : ""}!</h1>
      <p className="mt-2 text-base text-muted">This is your Happr page.</p>
      <p className="mt-6 flex flex-wrap gap-3">
        <Link href="/calendar" className={buttonClass("primary")}>
          My Calendar: today and tomorrow
        </Link>
        {/* Where a habit a grown-up suggests waits for the child's answer. */}
        <Link href="/habits" className={buttonClass("secondary")}>
          My Habits
        </Link>
      </p>
      <Panel aria-labelledby="grown-ups-see" className="mt-8">
        <h2 id="grown-ups-see" className="text-lg font-semibold text-ink">
          What your grown-ups can see
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-base text-ink">
          <li>They can see the things you choose to share with them, or with your whole circle.</li>
          <li>They cannot read your private things. If you don&rsquo;t share something, it stays yours.</li>
          <li>You can only share with people in your circle. Nobody outside it can see your things.</li>
        </ul>
      </Panel>
      <Panel aria-labelledby="your-grown-ups" className="mt-6">
        <h2 id="your-grown-ups" className="text-lg font-semibold text-ink">
          Your grown-ups
        </h2>
        {circles.map((circle) => (
          <div key={circle.circleId} className="mt-3">
            <h3 className="text-base font-semibold text-ink">{circle.circleName}</h3>
            <ul className="mt-2 space-y-1 text-base text-ink">
              {circle.grownUps.map((person, index) => (
                <li key={`${circle.circleId}-${index}`}>
                  <strong>{person.name}</strong> {roleWord[person.role] ?? ""}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </Panel>
      <Panel aria-labelledby="your-password" className="mt-6">
        <h2 id="your-password" className="text-lg font-semibold text-ink">
          Your password
        </h2>
        <p className="mt-2 text-base text-muted">
          You can change it if you know the one you use now. If you forget it, one of your grown-ups can give you a new
          one.
        </p>
        <div className="mt-4">
          <PasswordChangeForm action={changePassword} />
        </div>
      </Panel>
      <Panel aria-labelledby="log-out" className="mt-6">
        <h2 id="log-out" className="text-lg font-semibold text-ink">
          Finished?
        </h2>
        <div className="mt-4">
          <LogOutForm className={buttonClass()} />
        </div>
      </Panel>
    </div>
  );
}
