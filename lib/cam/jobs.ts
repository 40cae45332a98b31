import type { JobHandler } from "../jobs";
import { uploadJobHandlers } from "../uploads";
import { camPromptJobHandlers } from "./prompts";

/**
 * Cam's job kinds: its photos' processing and the removal of uploads no moment named (lib/uploads),
 * and the gentle weekly prompt (prompts.ts).
 */
export const camJobHandlers: Record<string, JobHandler> = { ...uploadJobHandlers(), ...camPromptJobHandlers };
