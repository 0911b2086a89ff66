import { notifyManager } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integer, text } from '../../src/core/fields';
import { defineResource, type AnyResource } from '../../src/core/resource';
import { renderGeneratedAdmin } from './render-generated';

/** A test-only entity ordered by hand. */
const shelves = defineResource({
  name: 'shelves',
  paths: { admin: 'lab/shelf', partner: null },
  fields: {
    label: text({ required: true, sortable: true }),
    rank: integer({ default: 0, min: 0, sortable: true }),
  },
  recordTitle: 'label',
  list: { columns: ['label', 'rank'], sort: ['rank', 'ASC'], reorder: 'rank' },
  access: { admin: { read: true, update: true } },
}) as unknown as AnyResource;

let stored = ['A', 'B', 'C', 'D'].map((label, index) => ({ id: index + 1, label, rank: index, version: 1 }));
const saves: string[][] = [];
const labelsOf = (ids: number[]) => ids.map((id) => stored.find((row) => row.id === id)!.label);
/** Called once the list's rows are read again after a save: the test's next move happens then. */
let afterReload: (() => void) | undefined;

const dataProvider = {
  getList: async () => {
    const data = [...stored].sort((a, b) => a.rank - b.rank);
    const next = afterReload;
    afterReload = undefined;
    if (next) setTimeout(next, 40);
    return { data, total: data.length };
  },
  getOne: async (_resource: string, params: any) => ({ data: stored.find((r) => r.id === Number(params.id))! }),
  getMany: async () => ({ data: [] }),
  getManyReference: async () => ({ data: [], total: 0 }),
  sendJson: async (_method: string, _path: string, body: { ids: number[] }) => {
    saves.push(labelsOf(body.ids));
    stored = stored.map((row) => ({ ...row, rank: body.ids.indexOf(row.id) }));
    return {};
  },
} as unknown as DataProvider;

const me = {
  id: 7,
  fullName: 'Ada Admin',
  kind: 'admin',
  role: 'super_admin',
  permissions: { shelves: ['list', 'update'] },
};

const moveDown = (label: string) => within(screen.getByText(label).closest('tr')!).getByTestId('move-down');
const labelsOnScreen = () =>
  [...document.querySelectorAll('tbody tr')].map((row) => row.querySelector('td.column-label')?.textContent);

beforeAll(() => {
  // The reloaded rows reach the components 100 ms after their query has them (React Query batches its
  // notifications): the moment a loaded phone or machine leaves between a save settling and its rows being drawn.
  notifyManager.setScheduler((callback) => setTimeout(callback, 100));
});
afterAll(() => {
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  cleanup();
});

describe('moving rows of a hand-ordered list', () => {
  it('a move made while the saved rows are still on their way starts from the saved order', async () => {
    renderGeneratedAdmin({ resources: [shelves], dataProvider, me, path: '/lab/shelf' });
    await screen.findByText('D', undefined, { timeout: 25_000 });
    await waitFor(() => expect((moveDown('A') as HTMLButtonElement).disabled).toBe(false));
    let second: Promise<void> | undefined;
    afterReload = () => {
      second = Promise.resolve().then(() => {
        fireEvent.click(moveDown('A'));
      });
    };
    fireEvent.click(moveDown('A'));
    await waitFor(() => expect(saves).toHaveLength(2), { timeout: 10_000 });
    await second;
    expect(saves).toEqual([
      ['B', 'A', 'C', 'D'],
      ['B', 'C', 'A', 'D'],
    ]);
    await waitFor(() => expect(labelsOnScreen()).toEqual(['B', 'C', 'A', 'D']), { timeout: 10_000 });
  }, 60_000);
});
