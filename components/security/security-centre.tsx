import { isIdentityError, type DevicePage } from "@/lib/identity";
import { identityOf } from "@/lib/account/member-identity";
import { loadSecurityOverview } from "@/lib/account/page";
import { getMember } from "@/lib/auth/member";
import { currentPasswordHint } from "@/lib/identity/reauthentication";
import { SecurityCentreForms, type SecurityActions } from "./security-centre-forms";
import { Panel } from "@/components/ui/panel";

/** The security centre's forms: email and phone with their codes, SMS sign-in codes, password, devices, data and deletion. */
export async function SecurityCentre({ actions }: { actions: SecurityActions }) {
  const member = await getMember();
  if (!member) return null;
  const centre = identityOf(member);
  const overview = await loadSecurityOverview(member);
  let devices: DevicePage = { devices: [], paginationToken: null };
  let devicesMessage: string | null = null;
  try {
    devices = await centre.listDevices();
  } catch (error) {
    // E.g. "Device tracking has not been configured in this User Pool": the rest still works.
    if (!isIdentityError(error)) throw error;
    devicesMessage = error.message;
  }
  return (
    <Panel aria-labelledby="security-centre" className="mt-6">
      <h2 id="security-centre" className="text-lg font-semibold text-ink">
        Sign-in, devices and data
      </h2>
      <SecurityCentreForms
        actions={actions}
        overview={overview}
        devices={devices.devices}
        devicesToken={devices.paginationToken}
        devicesMessage={devicesMessage}
        passwordHint={currentPasswordHint()}
      />
    </Panel>
  );
}
