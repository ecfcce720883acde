import { DateInput as RaDateInput, type DateInputProps } from 'react-admin';

/*
 * react-admin's DateInput sets the label's shrink both through slotProps.inputLabel and through the
 * older InputLabelProps. This MUI's TextField no longer takes the latter and hands it to its root
 * <div>, which then carried `inputlabelprops="[object Object]"` in the page. The props react-admin
 * spreads after its own override it with nothing, and slotProps keep the shrink. (React's
 * development build still warns about the key: only react-admin can stop passing it.)
 */
const withoutOldLabelProps = { InputLabelProps: undefined } as Partial<DateInputProps>;

/** react-admin's DateInput (a day as yyyy-mm-dd, the browser's date field), without the prop MUI dropped. */
export function DateInput(props: DateInputProps) {
  return <RaDateInput {...props} {...withoutOldLabelProps} />;
}
