// A member's settings that shape how the app behaves for them (discreet mode, quiet hours).
export {
  exportSettings,
  forgetSettings,
  getMemberSettings,
  getQuietHours,
  isDiscreet,
  setDiscreetMode,
  setQuietHours,
  type MemberSettings,
} from "./settings";
export { deliverAt, quietHoursSchema, type QuietHours } from "./quiet-hours";
