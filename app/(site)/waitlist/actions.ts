"use server";

import { formText } from "@/lib/forms";
import { confirmWaitlistEntry, leaveWaitlist, type WaitlistLinkState } from "@/lib/waitlist";

const token = (formData: FormData) => formText(formData, "token");

export async function confirmAction(_previous: WaitlistLinkState, formData: FormData): Promise<WaitlistLinkState> {
  return confirmWaitlistEntry(token(formData));
}

export async function leaveAction(_previous: WaitlistLinkState, formData: FormData): Promise<WaitlistLinkState> {
  return leaveWaitlist(token(formData));
}
