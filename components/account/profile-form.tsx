"use client";

import { useId, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from "libphonenumber-js/min";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/forms/field";
import type { ApiProfile } from "@/lib/graphql-client";
import { formError, idleForm, type FormAction, type FormState } from "@/lib/forms";
import { COUNTRY_NAMES } from "@/lib/country-names";
import { toE164 } from "@/lib/phone";
import { useAccountStore } from "@/components/billing/account-store";

type Values = {
  firstName: string;
  lastName: string;
  dob: string;
  /** null: not chosen (no phone saved): the browser's region applies. */
  country: CountryCode | null;
  phone: string;
  /** null: none saved: the browser's zone applies. */
  timezone: string | null;
};
type FieldName = "firstName" | "lastName" | "dob" | "phone" | "timezone";
const FIELDS: FieldName[] = ["firstName", "lastName", "dob", "phone", "timezone"];

/**
 * The profile's messages start with the field's name ("dob must not be in the future"): the form says
 * its label instead. A message that reads on from the name is a sentence of its own ("Enter a valid
 * phone number ..."), shown as it is.
 */
export const messageFor = (field: FieldName, message: string) => {
  const labels: Record<FieldName, string> = {
    firstName: "First name",
    lastName: "Last name",
    dob: "Date of birth",
    phone: "Phone",
    timezone: "Time zone",
  };
  const rest = message.replace(new RegExp(`^${field}\\s+`), "");
  return /^[A-Z]/.test(rest) ? rest : `${labels[field]} ${rest}`;
};

function splitPhone(phone: string | null): { country: CountryCode | null; phone: string } {
  const parsed = phone ? parsePhoneNumberFromString(phone) : undefined;
  if (parsed?.country) return { country: parsed.country, phone: parsed.formatNational() };
  return { country: null, phone: phone ?? "" };
}

const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};

const browserRegion = (): CountryCode | undefined => {
  try {
    const region = new Intl.Locale(navigator.language).maximize().region;
    return region && (getCountries() as string[]).includes(region) ? (region as CountryCode) : undefined;
  } catch {
    return undefined;
  }
};

// The same names and order on the server and in the browser (Intl's names differ between their ICU
// data, and a mismatch fails hydration): a fixed list, labelled once per page load.
const countries = COUNTRY_NAMES.map(([code, name]) => ({ code, label: `${name} (+${getCountryCallingCode(code)})` }));

// The browser's zone and region, read once: they do not change while the page is open.
let browserDefaults: { timezone: string; region: CountryCode | undefined } | undefined;
const readBrowserDefaults = () => (browserDefaults ??= { timezone: browserTimeZone(), region: browserRegion() });
const neverChanges = () => () => {};

function valuesOf(profile: ApiProfile | null): Values {
  const phone = splitPhone(profile?.phone ?? null);
  return {
    firstName: profile?.firstName ?? "",
    lastName: profile?.lastName ?? "",
    dob: profile?.dob ?? "",
    country: phone.country,
    phone: phone.phone,
    timezone: profile?.timezone ?? null,
  };
}

/**
 * The member's profile, saved by `action` (the page's server action). The time zone defaults to the
 * browser's when none is saved. A failed save keeps what was typed and shows the message next to the
 * field the error names.
 */
export function ProfileForm({ action }: { action: FormAction<FormState> }) {
  const { state, dispatch } = useAccountStore();
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(state.profile));
  // The server cannot know the browser's zone and region: it renders "UTC" and "US", and the browser's
  // own replace them once hydrated (no mismatch: React renders the server's snapshot first).
  const browser = useSyncExternalStore(neverChanges, readBrowserDefaults, () => null);
  const timezone = values.timezone ?? browser?.timezone ?? "UTC";
  const country = values.country ?? browser?.region ?? "US";
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string; field?: FieldName } | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  // The full lists (245 countries, ~420 zones: 35 kB of markup, most of the page) are rendered in the
  // browser once hydrated; the server sends the chosen one. The form needs the browser to save anyway.
  const timeZones = useMemo(() => {
    if (!browser) return [timezone];
    const zones = Intl.supportedValuesOf("timeZone");
    return zones.includes(timezone) ? zones : [timezone, ...zones];
  }, [browser, timezone]);
  const countryChoices = browser ? countries : countries.filter((choice) => choice.code === country);

  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setResult(null);
    const request = {
      firstName: values.firstName,
      lastName: values.lastName,
      dob: values.dob,
      phone: toE164(country, values.phone),
      timezone,
    };
    const form = new FormData();
    for (const [field, value] of Object.entries(request)) form.set(field, value);
    const answer = await action(idleForm, form).catch((): FormState => formError("Network Error"));
    setPending(false);
    if (answer.status === "ok") {
      const saved = (field: FieldName) => answer.values[field] || null;
      dispatch({
        type: "setProfile",
        profile: {
          firstName: saved("firstName"),
          lastName: saved("lastName"),
          dob: saved("dob"),
          phone: saved("phone"),
          timezone: saved("timezone"),
        },
      });
      setResult({ tone: "success", text: answer.message });
    } else {
      const field = FIELDS.find((name) => answer.fieldErrors[name]);
      setResult(
        field
          ? { tone: "error", text: messageFor(field, answer.fieldErrors[field]!), field }
          : { tone: "error", text: answer.message },
      );
    }
    requestAnimationFrame(() => statusRef.current?.focus());
  }

  const errorOf = (field: FieldName) => (result?.tone === "error" && result.field === field ? result.text : undefined);

  return (
    <form onSubmit={save} noValidate className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-4" aria-busy={pending}>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-first`}
          label="First name"
          autoComplete="given-name"
          maxLength={100}
          value={values.firstName}
          onChange={set("firstName")}
          error={errorOf("firstName")}
        />
        <TextField
          id={`${id}-last`}
          label="Last name"
          autoComplete="family-name"
          maxLength={100}
          value={values.lastName}
          onChange={set("lastName")}
          error={errorOf("lastName")}
        />
      </div>
      <TextField
        id={`${id}-dob`}
        label="Date of birth"
        type="date"
        autoComplete="bday"
        value={values.dob}
        onChange={set("dob")}
        error={errorOf("dob")}
      />
      <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2">
        <legend className="sr-only">Phone</legend>
        <SelectField
          id={`${id}-country`}
          label="Country"
          autoComplete="tel-country-code"
          value={country}
          onChange={set("country")}
        >
          {countryChoices.map((choice) => (
            <option key={choice.code} value={choice.code}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <TextField
          id={`${id}-phone`}
          label="Phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          value={values.phone}
          onChange={set("phone")}
          error={errorOf("phone")}
        />
      </fieldset>
      <SelectField
        id={`${id}-tz`}
        label="Time zone"
        value={timezone}
        onChange={set("timezone")}
        error={errorOf("timezone")}
      >
        {timeZones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </SelectField>
      <div className="flex min-h-11 flex-wrap items-center gap-4">
        <Button type="submit" pending={pending} pendingLabel="Saving…">
          Save profile
        </Button>
        <p
          ref={statusRef}
          tabIndex={-1}
          role={result?.tone === "error" ? "alert" : "status"}
          className={`text-sm font-medium outline-none ${result?.tone === "error" ? "text-red-700" : "text-green-800"}`}
        >
          {result
            ? result.tone === "error" && result.field
              ? "Please check the highlighted field."
              : result.text
            : ""}
        </p>
      </div>
    </form>
  );
}
