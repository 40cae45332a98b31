"use server";

import { z } from "zod";
import { formField, memberAction } from "@/lib/account/member-action";
import { done } from "@/lib/forms";
import { updateUserProfile } from "@/lib/profile";

const PROFILE_FIELDS = ["firstName", "lastName", "dob", "phone", "timezone"] as const;

/**
 * Saves the profile form (the same service the API's updateUserProfile calls). The saved profile comes
 * back as the state's values ("" for an empty field); a refused field's message comes back next to it.
 */
export const updateProfileAction = memberAction(
  z.object(
    Object.fromEntries(PROFILE_FIELDS.map((field) => [field, formField])) as Record<
      (typeof PROFILE_FIELDS)[number],
      typeof formField
    >,
  ),
  async (member, input) => {
    const profile = await updateUserProfile(member.memberId, input);
    return {
      ...done("Profile saved."),
      values: Object.fromEntries(PROFILE_FIELDS.map((field) => [field, profile[field] ?? ""])),
    };
  },
  // The form keeps its own copy of the profile: nothing on the page needs rendering again.
  { revalidate: false, fields: Object.fromEntries(PROFILE_FIELDS.map((field) => [field, field])) },
);
