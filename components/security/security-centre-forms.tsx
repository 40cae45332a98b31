"use client";

import { PasswordChangeFields } from "./password-change-fields";
import { createContext, use, useId, useState, useTransition, type FormEvent } from "react";
import type { DevicePage, SecurityOverview, TrackedDevice } from "@/lib/identity/port";
import { done, formError, idleForm, type FormAction, type FormState } from "@/lib/forms";
import { formatDate } from "@/lib/format/date";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/forms/field";
import {
  ActionButton,
  CurrentPasswordField,
  FormDialog,
  FormMessage,
  PasswordHint,
  SubmitButton,
  useFocusAfterAnswer,
  useForm,
} from "@/components/forms";
import { Badge } from "@/components/ui/badge";

/** The security centre's server actions, handed down by the page. */
export type SecurityActions = Record<
  | "changeEmail"
  | "changePassword"
  | "changePhone"
  | "deleteAccount"
  | "deviceStatus"
  | "forgetDevice"
  | "removePhone"
  | "sendCode"
  | "setMfa"
  | "verifyAttribute",
  FormAction<FormState>
> & {
  /** The next page of remembered devices. */
  moreDevices: (paginationToken: string) => Promise<DevicePage | { error: string }>;
};

const Actions = createContext<SecurityActions | null>(null) as React.Context<SecurityActions>;

/** Stays mounted once verified, so its "verified" message outlives the form. */
function VerifyForm({
  attribute,
  label,
  verified,
}: {
  attribute: "email" | "phone_number";
  label: string;
  verified: boolean;
}) {
  const id = useId();
  const { state, formAction, pending, messageRef } = useForm(use(Actions).verifyAttribute, {
    code: `${id}-code`,
  });
  if (verified) return <FormMessage state={state} messageRef={messageRef} />;
  return (
    <div className="grid gap-3 rounded-2xl bg-slate-50 p-4">
      <form action={formAction} noValidate className="grid gap-3" aria-label={`Verify your ${label}`}>
        <input type="hidden" name="attribute" value={attribute} />
        <FormMessage state={state} messageRef={messageRef} />
        <TextField
          id={`${id}-code`}
          name="code"
          label={`${label[0]!.toUpperCase()}${label.slice(1)} verification code`}
          hint="The 6-digit code we sent you."
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={10}
          required
          aria-required="true"
          error={state.fieldErrors.code}
        />
        <SubmitButton pending={pending} pendingLabel="Checking…">
          Verify {label}
        </SubmitButton>
      </form>
      <ActionButton
        action={use(Actions).sendCode}
        fields={{ attribute }}
        label="Send a new code"
        pendingLabel="Sending…"
        accessibleLabel={`Send a new ${label} code`}
      />
    </div>
  );
}

function EmailSection({ overview }: { overview: SecurityOverview }) {
  const id = useId();
  const { state, formAction, pending, messageRef } = useForm(use(Actions).changeEmail, {
    email: `${id}-email`,
    currentPassword: `${id}-password`,
  });
  return (
    <div className="grid gap-4">
      <p className="flex flex-wrap items-center gap-2 text-base text-ink">
        {/* Long addresses wrap: nothing may be wider than a 360 px screen. */}
        <span className="font-medium break-all">{overview.email}</span>
        <Badge good={overview.emailVerified}>{overview.emailVerified ? "Verified" : "Not verified"}</Badge>
      </p>
      <VerifyForm attribute="email" label="email" verified={overview.emailVerified} />
      <form action={formAction} noValidate className="grid gap-3" aria-label="Change your email address">
        <FormMessage state={state} messageRef={messageRef} />
        <TextField
          id={`${id}-email`}
          name="email"
          type="email"
          label="New email address"
          hint="You sign in with it from now on; we send a code to verify it."
          autoComplete="email"
          maxLength={254}
          required
          aria-required="true"
          error={state.fieldErrors.email}
        />
        <CurrentPasswordField id={`${id}-password`} error={state.fieldErrors.currentPassword} />
        <SubmitButton variant="secondary" pending={pending} pendingLabel="Saving…">
          Change email
        </SubmitButton>
      </form>
    </div>
  );
}

function PhoneSection({ overview }: { overview: SecurityOverview }) {
  const id = useId();
  const { state, formAction, pending, messageRef } = useForm(use(Actions).changePhone, {
    phone: `${id}-phone`,
    currentPassword: `${id}-password`,
  });
  return (
    <div className="grid gap-4">
      <p className="flex flex-wrap items-center gap-2 text-base text-ink">
        {overview.phoneNumber ? (
          <>
            <span className="font-medium break-all">{overview.phoneNumber}</span>
            <Badge good={overview.phoneNumberVerified}>
              {overview.phoneNumberVerified ? "Verified" : "Not verified"}
            </Badge>
          </>
        ) : (
          <span className="text-muted">No phone number yet.</span>
        )}
      </p>
      {overview.phoneNumber && overview.textCodes ? (
        <VerifyForm attribute="phone_number" label="phone" verified={overview.phoneNumberVerified} />
      ) : null}
      {overview.textCodes ? null : (
        // Verification and sign-in codes need texts this site cannot send yet: not offered, rather than lost.
        <p className="text-sm text-muted" role="note">
          Text messages are not available on this site yet, so a phone number cannot be added, verified or used for
          sign-in codes.
        </p>
      )}
      {overview.textCodes ? (
        <form action={formAction} noValidate className="grid gap-3" aria-label="Phone number">
          <FormMessage state={state} messageRef={messageRef} />
          <TextField
            id={`${id}-phone`}
            name="phone"
            type="tel"
            label="Mobile number"
            hint="With the country code, like +14155550123. We text you a code to verify it."
            autoComplete="tel"
            maxLength={40}
            required
            aria-required="true"
            error={state.fieldErrors.phone}
          />
          <CurrentPasswordField id={`${id}-password`} error={state.fieldErrors.currentPassword} />
          <SubmitButton variant="secondary" pending={pending} pendingLabel="Saving…">
            {overview.phoneNumber ? "Change phone number" : "Add phone number"}
          </SubmitButton>
        </form>
      ) : null}
      {overview.phoneNumber ? <RemovePhone /> : null}
    </div>
  );
}

function RemovePhone() {
  const id = useId();
  const { state, formAction, pending, messageRef } = useForm(use(Actions).removePhone, {
    currentPassword: `${id}-password`,
  });
  return (
    <FormDialog
      trigger={
        <Button type="button" variant="secondary">
          Remove phone number
        </Button>
      }
      title="Remove your phone number?"
      description="Text message sign-in codes go with it."
    >
      <form action={formAction} noValidate className="grid gap-4" aria-label="Remove your phone number">
        <FormMessage state={state} messageRef={messageRef} />
        <CurrentPasswordField id={`${id}-password`} error={state.fieldErrors.currentPassword} />
        <SubmitButton pending={pending} pendingLabel="Removing…">
          Remove phone number
        </SubmitButton>
      </form>
    </FormDialog>
  );
}

function MfaSection({ overview }: { overview: SecurityOverview }) {
  const id = useId();
  const { state, formAction, pending, messageRef } = useForm(use(Actions).setMfa, {
    currentPassword: `${id}-password`,
  });
  const smsOn = overview.mfa.enabled.includes("SMS_MFA");
  const appOn = overview.mfa.enabled.includes("SOFTWARE_TOKEN_MFA");
  // Without texts SMS codes cannot be turned on; ones already on can stay on or be turned off.
  const canSms = Boolean(overview.phoneNumber && overview.phoneNumberVerified && (overview.textCodes || smsOn));
  return (
    <form action={formAction} className="grid gap-4" aria-label="Sign-in verification">
      <FormMessage state={state} messageRef={messageRef} />
      <div className="grid gap-1">
        <label className="flex items-center gap-2 text-base text-ink">
          <input
            type="checkbox"
            name="sms"
            defaultChecked={smsOn}
            disabled={!canSms}
            aria-describedby={`${id}-sms-hint`}
            className="h-5 w-5"
          />
          Text me a code when I sign in (SMS)
        </label>
        <p id={`${id}-sms-hint`} className="text-sm text-muted">
          {!overview.textCodes && !smsOn
            ? "Text messages are not available on this site yet."
            : canSms
              ? `Codes go to ${overview.phoneNumber}.`
              : "Add and verify a phone number first."}
        </p>
      </div>
      {appOn ? (
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-preferred`} className="text-sm font-semibold text-ink">
            Preferred method
          </label>
          <select
            id={`${id}-preferred`}
            name="preferred"
            defaultValue={overview.mfa.preferred ?? "ask"}
            className="block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-ink"
          >
            <option value="ask">Ask me each time</option>
            <option value="SOFTWARE_TOKEN_MFA">Authenticator app</option>
            {overview.textCodes || smsOn ? <option value="SMS_MFA">Text message</option> : null}
          </select>
        </div>
      ) : null}
      <CurrentPasswordField id={`${id}-password`} error={state.fieldErrors.currentPassword} />
      <SubmitButton variant="secondary" pending={pending} pendingLabel="Saving…">
        Save verification settings
      </SubmitButton>
    </form>
  );
}

function PasswordSection() {
  return <PasswordChangeForm action={use(Actions).changePassword} />;
}

/** Changing one's password with the current one: the security centre's, and a child's own page's. */
export function PasswordChangeForm({ action }: { action: FormAction<FormState> }) {
  const id = useId();
  const ids = { currentPassword: `${id}-current`, newPassword: `${id}-new`, confirmPassword: `${id}-confirm` };
  const { state, formAction, pending, messageRef } = useForm(action, ids);
  return (
    <form action={formAction} noValidate className="grid gap-3" aria-label="Change your password">
      <p className="text-sm text-muted">Every other device signed in to your account is signed out.</p>
      <FormMessage state={state} messageRef={messageRef} />
      <PasswordChangeFields ids={ids} errors={state.fieldErrors} />
      <SubmitButton pending={pending} pendingLabel="Changing…">
        Change password
      </SubmitButton>
    </form>
  );
}

function DevicesSection({
  devices: firstPage,
  paginationToken,
  message,
}: {
  devices: TrackedDevice[];
  paginationToken: string | null;
  message: string | null;
}) {
  // Later pages (60 devices each) are fetched on request and appended.
  const [more, setMore] = useState<{ devices: TrackedDevice[]; token: string | null; error?: string }>({
    devices: [],
    token: paginationToken,
  });
  const [loading, startLoading] = useTransition();
  const devices = [
    ...firstPage,
    ...more.devices.filter((device) => !firstPage.some((d) => d.deviceKey === device.deviceKey)),
  ];
  const loadMore = () =>
    startLoading(async () => {
      if (!more.token) return;
      const page = await use(Actions).moreDevices(more.token);
      setMore((current) =>
        "error" in page
          ? { ...current, error: page.error }
          : { devices: [...current.devices, ...page.devices], token: page.paginationToken },
      );
    });
  if (message) return <p className="text-sm text-muted">{message}</p>;
  if (devices.length === 0) {
    return (
      <p className="text-sm text-muted">
        No remembered devices. Tick “Remember this device” when you sign in with a code to skip the code there for 30
        days.
      </p>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Remembered devices">
      {devices.map((device) => (
        <li
          key={device.deviceKey}
          className="grid gap-3 rounded-2xl border border-slate-200 p-4 sm:grid-cols-[1fr_auto] sm:items-start"
        >
          <div className="grid gap-1">
            <p className="font-medium text-ink">{device.name}</p>
            <p className="text-sm text-muted">
              {device.lastUsedAt
                ? `Last used ${formatDate(device.lastUsedAt)}`
                : `Added ${formatDate(device.createdAt)}`}{" "}
              · {device.remembered ? "Remembered" : "Not remembered"}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <ActionButton
              action={use(Actions).deviceStatus}
              fields={{ deviceKey: device.deviceKey, remembered: String(!device.remembered) }}
              label={device.remembered ? "Stop remembering" : "Remember"}
              pendingLabel="Saving…"
              accessibleLabel={`${device.remembered ? "Stop remembering" : "Remember"} ${device.name}`}
            />
            <ActionButton
              action={use(Actions).forgetDevice}
              fields={{ deviceKey: device.deviceKey }}
              label="Forget"
              pendingLabel="Forgetting…"
              accessibleLabel={`Forget ${device.name}`}
            />
          </div>
        </li>
      ))}
      {more.token ? (
        <li className="grid gap-2">
          <Button type="button" variant="secondary" pending={loading} pendingLabel="Loading…" onClick={loadMore}>
            Show more devices
          </Button>
          {more.error ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {more.error}
            </p>
          ) : null}
        </li>
      ) : null}
    </ul>
  );
}

function DeleteAccount() {
  const id = useId();
  const { state, formAction, pending, messageRef } = useForm(use(Actions).deleteAccount, {
    currentPassword: `${id}-password`,
    confirm: `${id}-confirm`,
  });
  return (
    <FormDialog
      trigger={
        <Button type="button" variant="secondary" className="text-red-800">
          Delete account
        </Button>
      }
      title="Delete your account?"
      description="Your subscription is canceled now, your profile and Safe Circle are removed, and you are signed out. This cannot be undone."
    >
      <form action={formAction} noValidate className="grid gap-4" aria-label="Delete your account">
        <FormMessage state={state} messageRef={messageRef} />
        <CurrentPasswordField id={`${id}-password`} error={state.fieldErrors.currentPassword} />
        <div className="grid gap-1">
          <label className="flex items-start gap-2 text-sm text-ink">
            <input
              id={`${id}-confirm`}
              type="checkbox"
              name="confirm"
              className="mt-0.5 h-5 w-5"
              aria-describedby={state.fieldErrors.confirm ? `${id}-confirm-error` : undefined}
            />
            I understand that my account and data are deleted and my subscription ends now.
          </label>
          {state.fieldErrors.confirm ? (
            <p id={`${id}-confirm-error`} className="text-sm font-medium text-red-700">
              {state.fieldErrors.confirm}
            </p>
          ) : null}
        </div>
        <SubmitButton pending={pending} pendingLabel="Deleting…" className="bg-red-700! hover:bg-red-800!">
          Delete my account
        </SubmitButton>
      </form>
    </FormDialog>
  );
}

/**
 * The data download: a POST with the current password (never a link a session alone can follow). The
 * form posts itself without JavaScript; with it, the answer becomes a file or an error by its field.
 */
function DataDownload() {
  const id = useId();
  const [state, setState] = useState<FormState>(idleForm);
  const [pending, startDownload] = useTransition();
  const messageRef = useFocusAfterAnswer(state, { currentPassword: `${id}-password` });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    startDownload(async () => {
      const response = await fetch(form.action, { method: "POST", body }).catch(() => null);
      if (response?.ok) {
        const name =
          /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "happr-data.json";
        const url = URL.createObjectURL(await response.blob());
        const link = Object.assign(document.createElement("a"), { href: url, download: name });
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
        form.reset();
        setState(done("Your data is downloading."));
        return;
      }
      setState(((await response?.json().catch(() => null)) as FormState | null) ?? formError("Network Error"));
    });
  };
  return (
    <FormDialog
      trigger={
        <Button type="button" variant="secondary">
          Download my data (JSON)
        </Button>
      }
      title="Download your data"
      description="Your profile, subscription history, transactions and Safe Circle, as one JSON file."
    >
      <form
        method="post"
        action="/my-account/data"
        onSubmit={submit}
        noValidate
        className="grid gap-4"
        aria-label="Download your data"
      >
        <FormMessage state={state} messageRef={messageRef} />
        <CurrentPasswordField id={`${id}-password`} error={state.fieldErrors.currentPassword} />
        <SubmitButton pending={pending} pendingLabel="Preparing…">
          Download
        </SubmitButton>
      </form>
    </FormDialog>
  );
}

/** The security centre's forms (components/security/security-centre.tsx loads what they show). */
export function SecurityCentreForms({
  actions,
  overview,
  devices,
  devicesToken,
  devicesMessage,
  passwordHint,
}: {
  actions: SecurityActions;
  overview: SecurityOverview;
  devices: TrackedDevice[];
  devicesToken: string | null;
  devicesMessage: string | null;
  passwordHint: string;
}) {
  const h = "text-base font-semibold text-ink";
  return (
    <Actions value={actions}>
      <PasswordHint value={passwordHint}>
        <div className="mt-4 grid gap-8">
          <section aria-labelledby="security-email" className="grid gap-3">
            <h3 id="security-email" className={h}>
              Email
            </h3>
            <EmailSection overview={overview} />
          </section>
          <section aria-labelledby="security-phone" className="grid gap-3">
            <h3 id="security-phone" className={h}>
              Phone
            </h3>
            <PhoneSection overview={overview} />
          </section>
          <section aria-labelledby="security-mfa" className="grid gap-3">
            <h3 id="security-mfa" className={h}>
              Sign-in verification
            </h3>
            <MfaSection overview={overview} />
          </section>
          <section aria-labelledby="security-password" className="grid gap-3">
            <h3 id="security-password" className={h}>
              Password
            </h3>
            <PasswordSection />
          </section>
          <section aria-labelledby="security-devices" className="grid gap-3">
            <h3 id="security-devices" className={h}>
              Remembered devices
            </h3>
            <DevicesSection devices={devices} paginationToken={devicesToken} message={devicesMessage} />
          </section>
          <section aria-labelledby="security-data" className="grid gap-3">
            <h3 id="security-data" className={h}>
              Your data and account
            </h3>
            <div className="flex flex-wrap gap-3">
              <DataDownload />
              <DeleteAccount />
            </div>
          </section>
        </div>
      </PasswordHint>
    </Actions>
  );
}
