import { describe, expect, it } from 'vitest';
import { cleanFilter, toListQuery, toSortParam } from '../../src/dataProvider/listQuery';
import { toListResult } from '../../src/dataProvider/listResult';
import { parseBody } from '../../src/dataProvider/parseBody';
import { stringifyQuery } from '../../src/dataProvider/queryString';
import { recordPath, resourcePath } from '../../src/dataProvider/resourcePath';
import { flattenFieldErrors } from '../../src/dataProvider/validationErrors';

describe('parseBody (JSON only when the text starts with "{")', () => {
  it('parses objects', () => expect(parseBody('{"a":1}')).toEqual({ a: 1 }));
  it('leaves arrays, text and numbers as text', () => {
    expect(parseBody('[1,2]')).toBe('[1,2]');
    expect(parseBody('ok')).toBe('ok');
    expect(parseBody(' {"a":1}')).toBe(' {"a":1}');
  });
  it('gives null for an empty body', () => expect(parseBody('')).toBeNull());
  it('keeps broken JSON as text instead of throwing', () => expect(parseBody('{oops')).toBe('{oops'));
});

describe('toSortParam', () => {
  it('ASC → field, DESC → -field', () => {
    expect(toSortParam({ field: 'name', order: 'ASC' })).toBe('name');
    expect(toSortParam({ field: 'start_time', order: 'DESC' })).toBe('-start_time');
  });
  it('no sort → nothing', () => {
    expect(toSortParam(undefined)).toBeUndefined();
    expect(toSortParam({ field: '', order: 'ASC' })).toBeUndefined();
  });
});

describe('cleanFilter', () => {
  it('drops empty values and keeps the rest', () => {
    expect(cleanFilter({ a: '', b: '  ', c: null, d: undefined, e: [], f: 'x', g: 0, h: false, i: [1] })).toEqual({
      f: 'x',
      g: 0,
      h: false,
      i: [1],
    });
  });
});

describe('stringifyQuery (qs-style brackets)', () => {
  it('nests objects and arrays with brackets and encodes values', () => {
    expect(stringifyQuery({ page: 2, filter: { name: 'a b&c' }, teams: [1, 2] })).toBe(
      'page=2&filter[name]=a%20b%26c&teams[]=1&teams[]=2',
    );
  });
  it('leaves out undefined and null', () => expect(stringifyQuery({ a: undefined, b: null, c: 1 })).toBe('c=1'));
});

describe('toListQuery', () => {
  it('maps pagination, sort and filter', () => {
    expect(
      toListQuery({
        pagination: { page: 3, perPage: 25 },
        sort: { field: 'created_at', order: 'DESC' },
        filter: { search: 'rossi', name: '' },
      }),
    ).toBe('page=3&per_page=25&sort=-created_at&filter[search]=rossi');
  });
  it('adds extra query parameters first', () => {
    expect(toListQuery({ query: { attendances: true }, pagination: { page: 1, perPage: 10 } })).toBe(
      'attendances=true&page=1&per_page=10',
    );
  });
  it('gives an empty string when there is nothing to send', () => expect(toListQuery({})).toBe(''));
});

describe('toListResult', () => {
  it('{data, meta} → {data, total: meta.total, pageInfo}', () => {
    const result = toListResult({
      data: [{ id: 1 }],
      meta: { current_page: 2, last_page: 3, per_page: 1, from: 2, to: 2, total: 3 },
    });
    expect(result.data).toEqual([{ id: 1 }]);
    expect(result.total).toBe(3);
    expect(result.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true });
  });
  it('last page has no next page, first page no previous', () => {
    expect(
      toListResult({ data: [], meta: { current_page: 1, last_page: 1, per_page: 10, from: null, to: null, total: 0 } })
        .pageInfo,
    ).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
    });
  });
  it('non-paginated {data} lists: total is the length', () => {
    const result = toListResult({ data: [{ id: 1 }, { id: 2 }] });
    expect(result.total).toBe(2);
    expect(result.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false });
  });
  it('anything else → empty list', () => expect(toListResult('oops')).toMatchObject({ data: [], total: 0 }));
});

describe('resourcePath', () => {
  it('plain resources live at their name', () => {
    expect(resourcePath('teams')).toBe('teams');
    expect(recordPath('teams', 4)).toBe('teams/4');
  });
  it('modules and lessons nest under their course and module', () => {
    expect(resourcePath('modules', { courseId: 3 })).toBe('courses/3/modules');
    expect(recordPath('lessons', 9, { courseId: 3, moduleId: 7 })).toBe('courses/3/modules/7/lessons/9');
  });
  it('a missing parent id leaves "undefined" in the path (so the request is skipped)', () => {
    expect(resourcePath('lessons', { courseId: 3 })).toContain('undefined');
  });
});

describe('flattenFieldErrors (422 → react-admin server-side errors)', () => {
  it('keeps the first message of each field', () => {
    expect(flattenFieldErrors({ name: ['Il nome è obbligatorio.', 'Altro'], email: ['Email non valida.'] })).toEqual({
      name: 'Il nome è obbligatorio.',
      email: 'Email non valida.',
    });
  });
  it('accepts plain strings and ignores empty entries', () => {
    expect(flattenFieldErrors({ a: 'Errore', b: [], c: [''], d: null })).toEqual({ a: 'Errore' });
  });
  it('non-objects give no errors', () => expect(flattenFieldErrors(undefined)).toEqual({}));
});
