import { isIdentityError, identityFor, type DevicePage } from "@/lib/identity";
import { currentMember, securityCallerOf } from "@/lib/auth/member-session";
import { currentPasswordHint } from "@/lib/identity/reauthentication";
import { panelClass } from "./account-form";
import { SecurityCentreForms } from "./security-centre-forms";

/** "Security": email and phone with their codes, SMS sign-in codes, password, devices, data and deletion. */
export async function SecurityCentre() {
  const member = await currentMember();
  if (!member) return null;
  const centre = identityFor(securityCallerOf(member));
  const overview = await centre.overview();
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
    <section aria-labelledby="security-centre" className={panelClass}>
      <h2 id="security-centre" className="text-lg font-semibold text-ink">
        Security
      </h2>
      <SecurityCentreForms
        overview={overview}
        devices={devices.devices}
        devicesToken={devices.paginationToken}
        devicesMessage={devicesMessage}
        passwordHint={currentPasswordHint()}
      />
    </section>
  );
}
