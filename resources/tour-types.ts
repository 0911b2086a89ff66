import { boolean, integer, localized, text } from '../src/core/fields';
import { defineResource } from '../src/core/resource';

export default defineResource({
  name: 'tour-types',
  paths: { admin: 'master-data/tour-types', partner: null },
  menu: { group: 'masterData', icon: 'Category', order: 1 },
  masterData: true,
  fields: {
    code: text({
      required: true,
      maxLength: 32,
      pattern: /^[A-Z0-9_]+$/,
      patternMessage: 'uppercase',
      unique: true,
      searchable: true,
      sortable: true,
    }),
    name: localized({ required: true, searchable: true }),
    sortOrder: integer({ default: 0, min: 0, sortable: true }),
    active: boolean({ default: true, filterable: true }),
  },
  recordTitle: 'name',
  list: {
    columns: ['code', 'name', 'sortOrder', 'active', 'updatedAt'],
    sort: ['sortOrder', 'ASC'],
    reorder: 'sortOrder',
    toggles: ['active'],
    filters: ['active'],
  },
  access: {
    admin: { read: true, create: ['moderator'], update: ['moderator'], delete: ['moderator'] },
    partner: undefined,
    public: { where: { active: true }, fields: ['code', 'name', 'sortOrder'] },
  },
});
