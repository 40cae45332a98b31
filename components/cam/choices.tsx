import { SelectField } from "@/components/forms";

type Choice = { value: string; label: string };

/** A select with its label above it, for the pages' plain GET forms (filter, compare): no script needed. */
export function PlainSelect({
  label,
  name,
  defaultValue,
  choices,
}: {
  label: string;
  name: string;
  defaultValue?: string;
  choices: Choice[];
}) {
  return (
    <label className="grid gap-1 text-sm font-semibold text-ink">
      {label}
      <select
        name={name}
        defaultValue={defaultValue}
        className="rounded-xl border border-slate-300 px-3 py-2.5 text-base font-normal"
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The habit, the album and the Vision Board goal a moment belongs to (each "None" by default), each
 * shown only when there are some.
 */
export function HabitAndAlbumFields({
  idPrefix,
  habits,
  albums,
  goals = [],
  values = {},
  errors,
}: {
  idPrefix: string;
  habits: { id: string; title: string }[];
  albums: { id: string; name: string }[];
  /** The member's own active goals (and the moment's current one). */
  goals?: { id: string; title: string }[];
  values?: { habitId?: string | null; albumId?: string | null; goalId?: string | null };
  errors: Partial<Record<string, string>>;
}) {
  const fields = [
    {
      name: "habitId",
      label: "Habit",
      value: values.habitId,
      choices: habits.map((h) => ({ value: h.id, label: h.title })),
    },
    {
      name: "albumId",
      label: "Album",
      value: values.albumId,
      choices: albums.map((a) => ({ value: a.id, label: a.name })),
    },
    {
      name: "goalId",
      label: "Goal",
      value: values.goalId,
      choices: goals.map((g) => ({ value: g.id, label: g.title })),
    },
  ];
  return fields.map((field) =>
    field.choices.length > 0 ? (
      <SelectField
        key={field.name}
        id={`${idPrefix}-${field.name}`}
        name={field.name}
        label={field.label}
        optional
        defaultValue={field.value ?? ""}
        error={errors[field.name]}
      >
        <option value="">None</option>
        {field.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
    ) : null,
  );
}
