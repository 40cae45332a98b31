// The one form kit: every form in components/ is built from these.
export { ActionButton, ActionForm, FormDialog, HiddenFields } from "./form";
export { CurrentPasswordField, PasswordHint } from "./current-password-field";
export { CheckboxField, EmailField, SelectField, TextAreaField, TextField } from "./field";
export { FormMessage } from "./form-message";
export { NewPasswordField } from "./new-password-field";
export { SubmitButton } from "./submit-button";
export { useFocusAfterAnswer, useForm } from "./use-form";
export { SettingSelectForm, type SettingChoice, type SettingChoiceGroup } from "./setting-select-form";
