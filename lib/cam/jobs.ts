import type { JobHandler } from "../jobs";
import { uploadJobHandlers } from "../uploads";

/** Cam's job kinds: its photos' processing and the removal of uploads no moment named (lib/uploads). */
export const camJobHandlers: Record<string, JobHandler> = uploadJobHandlers();
