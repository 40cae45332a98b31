import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthenticatorSection } from "@/components/security/authenticator-section";
import { SecurityCentre } from "@/components/security/security-centre";
import { Subpage } from "@/components/ui/subpage";
import { BACK_TO_MY_ACCOUNT } from "@/config/members-navigation";
import { getMember } from "@/lib/auth/member";
import { childCirclesOf } from "@/lib/circles";
import { authenticatorAction } from "../mfa-actions";
import {
  changeEmailAction,
  changePasswordAction,
  changePhoneAction,
  deleteAccountAction,
  deviceStatusAction,
  forgetDeviceAction,
  moreDevicesAction,
  removePhoneAction,
  sendCodeAction,
  setMfaAction,
  verifyAttributeAction,
} from "../security-actions";

export const metadata: Metadata = { title: "Security centre" };

/**
 * The security centre: sign-in details, codes, devices, the member's data and deleting the account. Its
 * own page in the account area, as in most accounts: /my-account, which every member lands on, links
 * here rather than rendering a dozen forms a member rarely opens on every view.
 */
export default async function SecurityCentrePage() {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  // A child's account is looked after by their grown-ups (/circle): My Account is their whole page.
  if (await childCirclesOf(member.memberId)) redirect("/my-account");
  return (
    <Subpage back={BACK_TO_MY_ACCOUNT} title="Security centre">
      <p className="mt-4 text-base text-muted">
        How you sign in, the codes that protect it, the devices you use, your data, and deleting your account.
      </p>
      <SecurityCentre
        actions={{
          changeEmail: changeEmailAction,
          changePassword: changePasswordAction,
          changePhone: changePhoneAction,
          deleteAccount: deleteAccountAction,
          deviceStatus: deviceStatusAction,
          forgetDevice: forgetDeviceAction,
          moreDevices: moreDevicesAction,
          removePhone: removePhoneAction,
          sendCode: sendCodeAction,
          setMfa: setMfaAction,
          verifyAttribute: verifyAttributeAction,
        }}
      />
      <AuthenticatorSection action={authenticatorAction} />
    </Subpage>
  );
}
