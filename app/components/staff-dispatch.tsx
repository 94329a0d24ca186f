// Controls the dispatch pages share: a select whose options have a value and a label (a chauffeur
// by id, a vehicle type by its CMS id), an "active" checkbox, and the message of the form that
// finished last.
import { getInputProps, getSelectProps, type FieldMetadata } from '@conform-to/react';
import { useActionData } from '@remix-run/react';
import { FieldError } from './form-field';

type Field = FieldMetadata<unknown>;

export function ChoiceField({
  field,
  label,
  placeholder,
  options,
}: {
  field: Field;
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
}) {
  const { key, defaultValue, ...props } = getSelectProps(field);
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select key={key} defaultValue={defaultValue ?? ''} {...props}>
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}

export function ActiveField({ field, label }: { field: Field; label: string }) {
  const { key, ...props } = getInputProps(field, { type: 'checkbox' });
  return (
    <div>
      <label className="staff-check">
        <input key={key} {...props} />
        {label}
      </label>
      <FieldError field={field} />
    </div>
  );
}

/** The message of the last form that finished (any form of the page), as a status. */
export function FinishedNotice() {
  const answer = useActionData<{ done?: string }>();
  return answer?.done ? (
    <p className="staff-notice" role="status">
      {answer.done}
    </p>
  ) : null;
}
