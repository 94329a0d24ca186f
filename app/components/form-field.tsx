// A labelled form control: the label is tied to the field by id, so a click on it focuses the
// field and assistive technology reads it.
interface Props extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  /** Prefix of the id, unique on the page (one per form). */
  idPrefix: string;
  name: string;
  label: string;
}

export function FormField({ idPrefix, name, label, type = 'text', ...rest }: Props) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type={type} {...rest} />
    </div>
  );
}

interface SelectProps extends Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> {
  idPrefix: string;
  name: string;
  label: string;
  placeholder: string;
  options: readonly string[];
}

export function SelectField({ idPrefix, name, label, placeholder, options, ...rest }: SelectProps) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue="" {...rest}>
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
