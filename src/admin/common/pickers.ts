import type { RaRecord } from 'react-admin';
import type { PickerConfig } from './SearchPicker';
import { fullName } from './text';

/** The pickers: users and experts by `filter[search]`, teams by `filter[name]`. */
export const userPicker: PickerConfig = {
  resource: 'users',
  filterKey: 'search',
  optionLabel: (record: RaRecord) => fullName(record) || String(record.email ?? record.id),
  optionDetail: (record: RaRecord) => String(record.email ?? ''),
  emptyText: 'app.admin.picker.no_users',
};

/** Team coordinators: users filtered to `developer` true, i.e. the staff holding a role. */
export const coordinatorPicker: PickerConfig = {
  ...userPicker,
  fixedFilter: { developer: true },
};

/** Users who may become experts: those who already are stay listed, but cannot be picked. */
export const newExpertPicker: PickerConfig = {
  ...userPicker,
  unavailable: (record: RaRecord) => (record.is_expert ? 'resources.experts.page.already_expert' : null),
};

export const expertPicker: PickerConfig = {
  resource: 'experts',
  filterKey: 'search',
  optionLabel: (record: RaRecord) => fullName(record) || String(record.email ?? record.id),
  optionDetail: (record: RaRecord) => String(record.email ?? ''),
  emptyText: 'app.admin.picker.no_experts',
};

export const teamPicker: PickerConfig = {
  resource: 'teams',
  filterKey: 'name',
  optionLabel: (record: RaRecord) => String(record.name ?? record.id),
  emptyText: 'app.admin.picker.no_teams',
};
