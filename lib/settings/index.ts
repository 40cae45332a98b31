// A member's settings that shape how the app behaves for them (discreet mode).
export { exportSettings, forgetSettings, isDiscreet, setDiscreetMode } from "./settings";
