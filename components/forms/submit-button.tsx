"use client";

import { useFormStatus } from "react-dom";
import { Button } from "@/components/ui/button";
import type { ComponentProps } from "react";

/**
 * A form's submit button: while the form's action runs it shows a spinner and `pendingLabel`, and is
 * disabled. `pending` comes from the form's useForm; without it, from the enclosing <form action>.
 */
export function SubmitButton({ pending, ...rest }: Omit<ComponentProps<typeof Button>, "type">) {
  const status = useFormStatus();
  return <Button type="submit" pending={pending ?? status.pending} {...rest} />;
}
