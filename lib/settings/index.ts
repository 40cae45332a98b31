// A member's settings that shape how the app behaves for them (discreet mode, quiet hours).
export {
  exportSettings,
  forgetSettings,
  getQuietHours,
  isDiscreet,
  memberDeliverAt,
  setDiscreetMode,
  setQuietHours,
} from "./settings";
export { deliverAt, quietHoursSchema, type QuietHours } from "./quiet-hours";
