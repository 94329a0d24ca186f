// A labelled form control: the label is tied to the field by id, so a click on it focuses the
// field and assistive technology reads it. A field's error message is shown under it, tied to it
// with aria-describedby and marked with aria-invalid, so a screen reader reads it with the field.
interface ErrorProps {
  /** The field's error message, if any. */
  error?: string;
}

/** The id of a field's error message. */
export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

function invalidProps(id: string, error: string | undefined, describedBy?: string) {
  const ids = [error ? fieldErrorId(id) : undefined, describedBy].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids || undefined,
  } as const;
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={fieldErrorId(id)} className="field__error">
      {error}
    </p>
  ) : null;
}

interface Props
  extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>, ErrorProps {
  /** Prefix of the id, unique on the page (one per form). */
  idPrefix: string;
  name: string;
  label: string;
}

export function FormField({
  idPrefix,
  name,
  label,
  type = 'text',
  error,
  'aria-describedby': describedBy,
  ...rest
}: Props) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type={type} {...invalidProps(id, error, describedBy)} {...rest} />
      <FieldError id={id} error={error} />
    </div>
  );
}

interface TextAreaProps
  extends Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'>, ErrorProps {
  idPrefix: string;
  name: string;
  label: string;
}

export function TextAreaField({ idPrefix, name, label, error, ...rest }: TextAreaProps) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={name} {...invalidProps(id, error)} {...rest} />
      <FieldError id={id} error={error} />
    </div>
  );
}

interface SelectProps
  extends Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'>, ErrorProps {
  idPrefix: string;
  name: string;
  label: string;
  placeholder: string;
  options: readonly string[];
}

export function SelectField({
  idPrefix,
  name,
  label,
  placeholder,
  options,
  error,
  defaultValue = '',
  ...rest
}: SelectProps) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        {...invalidProps(id, error)}
        {...rest}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}
