import { useId, type ChangeEvent, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface TextInputProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  helperText?: string;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  multiline?: boolean;
  minRows?: number;
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  /** The input's type: text unless given (e.g. "email", which phones answer with their e-mail keyboard). */
  type?: 'text' | 'email';
  /** What the browser may fill in, e.g. "name" or "email". */
  autoComplete?: string;
}

/**
 * MUI's outlined TextField as the portal's forms use it — label, helper text, error, required —
 * built from its parts: TextField itself imports Select (and Menu, Popover, Modal with it), about
 * 20 KiB (brotli) a free-text field never uses.
 */
export function TextInput({
  label,
  helperText,
  error,
  required,
  disabled,
  fullWidth,
  margin,
  inputRef,
  ...input
}: TextInputProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      error={error}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      margin={margin}
    >
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} inputRef={inputRef} aria-describedby={helperId} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
