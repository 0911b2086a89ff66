import { boolean, enumOf, integer, localized, text } from '../src/core/fields';
import { defineResource } from '../src/core/resource';

/** Lao provinces (and the capital) where services take place. */
export default defineResource({
  name: 'provinces',
  paths: { admin: 'master-data/provinces', partner: null },
  menu: { group: 'masterData', icon: 'Place', order: 2 },
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
    region: enumOf(['north', 'central', 'south'], { required: true, default: 'central', filterable: true }),
    sortOrder: integer({ default: 0, min: 0, sortable: true }),
    active: boolean({ default: true, filterable: true }),
  },
  recordTitle: 'name',
  list: {
    columns: ['code', 'name', 'region', 'sortOrder', 'active', 'updatedAt'],
    sort: ['sortOrder', 'ASC'],
    reorder: 'sortOrder',
    toggles: ['active'],
    filters: ['active', 'region'],
  },
  access: {
    admin: { read: true, create: ['moderator'], update: ['moderator'], delete: ['moderator'] },
    public: { where: { active: true }, fields: ['code', 'name', 'region', 'sortOrder'] },
  },
});
