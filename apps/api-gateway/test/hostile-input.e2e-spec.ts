import request from 'supertest';
import {
  CollectionSpec,
  EXPORT_COLLECTION,
  IMPORT_COLLECTION,
  RECORDSET_COLLECTION,
  TRANSFER_ACCEPT_COLLECTION,
  TRANSFER_REQUEST_COLLECTION,
  TSIGKEY_COLLECTION,
  ZONE_COLLECTION,
} from '@zonewarden/persistence';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';
import {
  HostileCase,
  INTEGER_PROBES,
  Outcome,
  PROTOTYPE_NAMES,
  expectHostileAnswer,
  incompressible,
  jsonWith,
} from './support/hostile-input';

/**
 * Hostile input, table-driven: NUL characters, prototype names, integers at and beyond every bound,
 * nulls, Accept headers nobody serves, huge values. Every case gets its 4xx with a Designate body that
 * names the field and quotes at most 100 characters of the value (or, for a valid value, its success):
 * never a 5xx. Ids in `{braces}` are those of the resources created in beforeAll.
 */

const OWNER = as('project-hostile');
const ADMIN = as('project-hostile', 'admin');
const OTHER = as('project-hostile-other');
const JSON_TYPE = 'application/json';
const MAX_INT = 2147483647;

const invalidObject: Outcome = { status: 400, type: 'invalid_object' };
const badRequest: Outcome = { status: 400, type: 'bad_request' };
const notAcceptable: Outcome = { status: 406, type: 'not_acceptable' };
const invalidLimit: Outcome = { status: 400, type: 'invalid_limit' };

// ---------------------------------------------------------------------------------------------------
// Writes: every writable resource, a valid body, what that body gets, and the body's fields by kind.
// Valid bodies meet a conflict where they would create something (an existing name, an active
// transfer request), so that every case can run in any order against the same resources.

interface IntegerField {
  field: string;
  min: number;
  /** null is accepted (the default applies). */
  nullable: boolean;
}

interface Write {
  what: string;
  method: HostileCase['method'];
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  valid: Outcome;
  strings: string[];
  integers?: IntegerField[];
  /** Fields besides the integers whose null is accepted. */
  nullable?: string[];
  /** What a body with an unknown key gets (refused, unless the endpoint reads one field only). */
  unknownKey?: Outcome;
}

const ZONE = { name: 'existing.hostile.test.', email: 'hostmaster@hostile.test' };
const RECORDSET = { name: 'www.existing.hostile.test.', type: 'A', records: ['192.0.2.1'] };
const ttl = (min: number, nullable: boolean): IntegerField[] => [{ field: 'ttl', min, nullable }];
const TSIGKEY = {
  name: 'existing-key',
  algorithm: 'hmac-sha256',
  secret: 'c2VjcmV0',
  scope: 'ZONE',
  resource_id: '6f0b1c9e-1a64-4e0c-9f55-0b7b8f2b1d2a',
};
const QUOTAS = ['zones', 'zone_recordsets', 'zone_records', 'recordset_records', 'api_export_size'];

const WRITES: Write[] = [
  {
    what: 'zone create',
    method: 'post',
    path: '/v2/zones',
    headers: OWNER,
    body: { ...ZONE, ttl: 300, description: 'd', type: 'PRIMARY', masters: [], attributes: { note: 'n' } },
    valid: { status: 409, type: 'duplicate_zone' },
    strings: ['name', 'email', 'description', 'type', 'masters.0', 'attributes.note'],
    integers: ttl(0, true),
    nullable: ['description', 'type', 'masters', 'attributes'],
  },
  {
    what: 'zone patch',
    method: 'patch',
    path: '/v2/zones/{zone}',
    headers: OWNER,
    body: { email: ZONE.email, ttl: 300, description: 'd' },
    valid: { status: 200 },
    strings: ['email', 'description'],
    integers: ttl(0, false),
    nullable: ['description'],
  },
  {
    what: 'record set create',
    method: 'post',
    path: '/v2/zones/{zone}/recordsets',
    headers: OWNER,
    body: { ...RECORDSET, ttl: 300, description: 'd' },
    valid: { status: 409, type: 'duplicate_recordset' },
    strings: ['name', 'type', 'records.0', 'description'],
    integers: ttl(0, true),
    nullable: ['description'],
  },
  {
    what: 'record set update',
    method: 'put',
    path: '/v2/zones/{zone}/recordsets/{recordset}',
    headers: OWNER,
    body: { ...RECORDSET, ttl: 300, description: 'd' },
    valid: { status: 200 },
    strings: ['name', 'type', 'records.0', 'description'],
    integers: ttl(0, true),
    nullable: ['description'],
  },
  {
    what: 'domain create',
    method: 'post',
    path: '/domains',
    headers: OWNER,
    body: { ...ZONE, ttl: 300, description: 'd' },
    valid: { status: 409, type: 'duplicate_domain' },
    strings: ['name', 'email', 'description'],
    integers: ttl(1, true),
    nullable: ['description'],
  },
  {
    what: 'domain update',
    method: 'put',
    path: '/domains/{zone}',
    headers: OWNER,
    body: { ...ZONE, ttl: 300, description: 'd' },
    valid: { status: 200 },
    strings: ['name', 'email', 'description'],
    integers: ttl(1, false),
    nullable: ['description'],
  },
  {
    what: 'quotas',
    method: 'patch',
    path: '/v2/quotas/project-hostile-quotas',
    headers: ADMIN,
    body: Object.fromEntries(QUOTAS.map((quota) => [quota, 10])),
    valid: { status: 200 },
    // Integers, but a string with a NUL must be named as well.
    strings: ['zones'],
    integers: QUOTAS.map((field) => ({ field, min: -1, nullable: false })),
  },
  {
    what: 'tsigkey create',
    method: 'post',
    path: '/v2/tsigkeys',
    headers: ADMIN,
    body: TSIGKEY,
    valid: { status: 409, type: 'duplicate_tsigkey' },
    strings: ['name', 'algorithm', 'secret', 'scope', 'resource_id'],
  },
  {
    what: 'tsigkey patch',
    method: 'patch',
    path: '/v2/tsigkeys/{tsigkey}',
    headers: ADMIN,
    // Another key than the one creations meet, so that renames leave that one as it is.
    body: { ...TSIGKEY, name: 'patched-key' },
    valid: { status: 200 },
    strings: ['name', 'algorithm', 'secret', 'scope', 'resource_id'],
    // A PATCH field given as null is left as it is.
    nullable: ['name', 'algorithm', 'secret', 'scope', 'resource_id'],
  },
  {
    what: 'transfer request create',
    method: 'post',
    path: '/v2/zones/{zone}/tasks/transfer_requests',
    headers: OWNER,
    body: { target_project_id: 'project-hostile-other', description: 'd' },
    valid: { status: 409, type: 'duplicate_zone_transfer_request' },
    strings: ['target_project_id', 'description'],
    nullable: ['target_project_id', 'description'],
  },
  {
    what: 'transfer request update',
    method: 'patch',
    path: '/v2/zones/tasks/transfer_requests/{transfer}',
    headers: OWNER,
    body: { description: 'd' },
    valid: { status: 200 },
    strings: ['description'],
    nullable: ['description'],
  },
  ...['transfer_accept', 'transfer_accepts'].map((path): Write => ({
    what: `${path} (wrong key)`,
    method: 'post',
    path: `/v2/zones/tasks/${path}`,
    headers: OTHER,
    body: { key: 'AAAAAAAAAAAAAAAA', zone_transfer_request_id: '{transfer}' },
    valid: { status: 403, type: 'invalid_key' },
    strings: ['key', 'zone_transfer_request_id'],
  })),
  {
    what: 'import (JSON)',
    method: 'post',
    path: '/v2/zones/tasks/imports',
    headers: OWNER,
    body: { zonefile: '$ORIGIN imported.hostile.test.\n@ 3600 IN A 192.0.2.1\n' },
    valid: { status: 201 },
    strings: ['zonefile'],
    unknownKey: { status: 201 },
  },
];

const isValidInteger = (value: number | undefined, { min }: IntegerField) =>
  value !== undefined && value >= min && value <= MAX_INT;

function writeCases(w: Write): HostileCase[] {
  const send = (name: string, raw: string, outcome: Outcome, mentions?: string[]): HostileCase => ({
    name: `${w.what}: ${name}`,
    method: w.method,
    path: w.path,
    headers: w.headers,
    raw,
    contentType: JSON_TYPE,
    ...outcome,
    mentions: outcome.status === 400 ? mentions : undefined,
  });
  const integers = w.integers ?? [];
  const nulls = Object.keys(w.body).filter((field) => !integers.some((i) => i.field === field));
  return [
    ...w.strings.map((field) =>
      send(`NUL in ${field}`, jsonWith(w.body, field, '"a\\u0000b"'), invalidObject, [field]),
    ),
    send('NUL in a key', jsonWith(w.body, 'na\u0000me', '1'), invalidObject, ['key']),
    ...PROTOTYPE_NAMES.map((key) =>
      send(`key ${key}`, jsonWith(w.body, key, '1'), w.unknownKey ?? invalidObject, [`'${key}'`]),
    ),
    ...integers.flatMap((integer) =>
      INTEGER_PROBES.map(([label, json, value]) => {
        const valid = isValidInteger(value, integer) || (json === 'null' && integer.nullable);
        const wrongType = value === undefined;
        return send(
          `${integer.field} ${label}`,
          jsonWith(w.body, integer.field, json),
          valid ? w.valid : invalidObject,
          wrongType ? [integer.field, 'integer'] : [integer.field],
        );
      }),
    ),
    ...nulls.map((field) =>
      send(
        `${field} null`,
        jsonWith(w.body, field, 'null'),
        w.nullable?.includes(field) ? w.valid : invalidObject,
        [field],
      ),
    ),
  ];
}

/** Zone attributes are the client's keys: prototype names among them are plain data. */
const attributeKeyCases: HostileCase[] = PROTOTYPE_NAMES.map((key) => ({
  name: `zone create: attribute key ${key}`,
  method: 'post',
  path: WRITES[0].path,
  raw: jsonWith(WRITES[0].body, `attributes.${key}`, '"x"'),
  contentType: JSON_TYPE,
  ...WRITES[0].valid,
}));

const zonefileCases: HostileCase[] = [
  ['NUL on the first line', '$ORIGIN nul.hostile.test.\u0000\n', 'line 1'],
  ['NUL on the third line', '$ORIGIN nul.hostile.test.\n$TTL 300\n@ IN A 192.0.2.\u00001\n', 'line 3'],
].map(([name, zonefile, line]) => ({
  name: `import (text/dns): ${name}`,
  method: 'post',
  path: '/v2/zones/tasks/imports',
  raw: zonefile,
  contentType: 'text/dns',
  ...badRequest,
  mentions: ['NUL', line],
}));

// ---------------------------------------------------------------------------------------------------
// Collections: every filter and paging parameter of every list.

interface Collection {
  path: string;
  spec: CollectionSpec;
  headers: Record<string, string>;
}

const COLLECTIONS: Collection[] = [
  { path: '/v2/zones', spec: ZONE_COLLECTION, headers: OWNER },
  { path: '/v2/zones/{zone}/recordsets', spec: RECORDSET_COLLECTION, headers: OWNER },
  { path: '/v2/recordsets', spec: RECORDSET_COLLECTION, headers: OWNER },
  { path: '/v2/zones/tasks/imports', spec: IMPORT_COLLECTION, headers: OWNER },
  { path: '/v2/zones/tasks/exports', spec: EXPORT_COLLECTION, headers: OWNER },
  { path: '/v2/zones/tasks/transfer_requests', spec: TRANSFER_REQUEST_COLLECTION, headers: OWNER },
  { path: '/v2/zones/tasks/transfer_accepts', spec: TRANSFER_ACCEPT_COLLECTION, headers: ADMIN },
  { path: '/v2/tsigkeys', spec: TSIGKEY_COLLECTION, headers: ADMIN },
];

const PAGING: [string, Outcome][] = [
  ['sort_key', { status: 400, type: 'invalid_sort_key' }],
  ['sort_dir', { status: 400, type: 'invalid_sort_dir' }],
  ['limit', invalidLimit],
  ['marker', { status: 400, type: 'invalid_marker' }],
];

function collectionCases(c: Collection): HostileCase[] {
  const get = (name: string, query: string, outcome: Outcome, mentions?: string[]): HostileCase => ({
    name: `GET ${c.path}: ${name}`,
    method: 'get',
    path: `${c.path}?${query}`,
    headers: c.headers,
    ...outcome,
    mentions: outcome.status === 200 ? undefined : mentions,
  });
  const filters = Object.entries(c.spec.filters);
  const parameters = [...filters.map(([name]) => name), ...PAGING.map(([name]) => name), 'all_projects'];
  const intParameters: [string, (value: number | undefined, text: string) => boolean, Outcome][] = [
    ['limit', (value, text) => /^\d+$/.test(text) && value! >= 1, invalidLimit],
    ...filters
      .filter(([, filter]) => filter.kind === 'int')
      .map(([name]): [string, (value: number | undefined) => boolean, Outcome] => [
        name,
        (value) => value !== undefined && value >= -(2 ** 31) && value <= MAX_INT,
        badRequest,
      ]),
  ];
  return [
    ...parameters.map((name) => get(`NUL in ${name}`, `${name}=a%00b`, badRequest, [name])),
    get('NUL in a parameter name', 'na%00me=1', badRequest, ['parameter']),
    ...PROTOTYPE_NAMES.flatMap((proto) => [
      ...PAGING.map(([name, outcome]) => get(`${name}=${proto}`, `${name}=${proto}`, outcome, [name])),
      get(`filter ${proto}`, `${proto}=1`, badRequest, [proto]),
      ...filters.map(([name, filter]) =>
        get(
          `${name}=${proto}`,
          `${name}=${proto}`,
          filter.kind === 'int' || filter.kind === 'enum' ? badRequest : { status: 200 },
          [name],
        ),
      ),
    ]),
    ...intParameters.flatMap(([name, valid, refused]) =>
      INTEGER_PROBES.map(([label, json, value]) =>
        get(
          `${name}=${label}`,
          `${name}=${encodeURIComponent(json)}`,
          valid(value, json) ? { status: 200 } : refused,
          [name],
        ),
      ),
    ),
  ];
}

// ---------------------------------------------------------------------------------------------------
// Paths: NUL and prototype names in every kind of path segment.

const NUL_PATHS: [HostileCase['method'], string, Record<string, string>?, unknown?][] = [
  ['get', '/v2/zones/%00'],
  ['get', '/v2/zones/{zone}%00'],
  ['patch', '/v2/zones/%00', OWNER, { ttl: 300 }],
  ['delete', '/v2/zones/%00'],
  ['get', '/v2/zones/%00/nameservers'],
  ['post', '/v2/zones/%00/tasks/abandon', ADMIN],
  ['get', '/v2/zones/%00/recordsets'],
  ['post', '/v2/zones/%00/recordsets', OWNER, RECORDSET],
  ['get', '/v2/zones/{zone}/recordsets/%00'],
  ['put', '/v2/zones/{zone}/recordsets/%00', OWNER, { ttl: 300 }],
  ['get', '/v2/recordsets/%00'],
  ['get', '/v2/quotas/%00', ADMIN],
  ['patch', '/v2/quotas/%00', ADMIN, { zones: 5 }],
  ['delete', '/v2/quotas/%00', ADMIN],
  ['get', '/domains/%00'],
  ['put', '/domains/%00', OWNER, { ttl: 300 }],
  ['get', '/domains/%00/servers'],
  ['get', '/v1/domains/%00'],
  ['get', '/v2/zones/tasks/imports/%00'],
  ['get', '/v2/zones/tasks/exports/%00'],
  ['get', '/v2/zones/tasks/exports/%00/export'],
  ['get', '/zones/tasks/exports/%00/export'],
  ['post', '/v2/zones/%00/tasks/export'],
  ['post', '/v2/zones/%00/tasks/transfer_requests'],
  ['get', '/v2/zones/tasks/transfer_requests/%00'],
  ['get', '/v2/zones/tasks/transfer_accepts/%00', ADMIN],
  ['get', '/v2/zones%00'],
  ['get', '/%00'],
];

const pathCases: HostileCase[] = [
  ...NUL_PATHS.map(([method, path, headers, body]) => ({
    name: `${method.toUpperCase()} ${path}`,
    method,
    path,
    headers,
    body,
    ...badRequest,
    mentions: ['path'],
  })),
  ...PROTOTYPE_NAMES.flatMap((proto): HostileCase[] => [
    { name: `zone ${proto}`, method: 'get', path: `/v2/zones/${proto}`, status: 400, type: 'invalid_uuid' },
    {
      name: `quotas of ${proto}`,
      method: 'get',
      path: `/v2/quotas/${proto}`,
      headers: ADMIN,
      status: 200,
    },
    {
      name: `quotas of ${proto} set`,
      method: 'patch',
      path: `/v2/quotas/${proto}`,
      headers: ADMIN,
      body: { zones: 5 },
      status: 200,
    },
    {
      name: `domain ${proto}`,
      method: 'get',
      path: `/domains/${proto}`,
      status: 404,
      type: 'domain_not_found',
    },
    {
      name: `import ${proto}`,
      method: 'get',
      path: `/v2/zones/tasks/imports/${proto}`,
      status: 400,
      type: 'invalid_uuid',
    },
  ]),
];

// ---------------------------------------------------------------------------------------------------
// Accept: JSON endpoints answer 406 to a client that takes no JSON; the export download keeps its
// text/dns rule.

const JSON_ENDPOINTS: [HostileCase['method'], string, unknown?][] = [
  ['get', '/'],
  ['get', '/v2/zones'],
  ['post', '/v2/zones', ZONE],
  ['get', '/v2/zones/{zone}'],
  ['patch', '/v2/zones/{zone}', { ttl: 300 }],
  ['get', '/v2/zones/{zone}/nameservers'],
  ['get', '/v2/zones/{zone}/recordsets'],
  ['post', '/v2/zones/{zone}/recordsets', RECORDSET],
  ['get', '/v2/zones/{zone}/recordsets/{recordset}'],
  ['get', '/v2/recordsets'],
  ['get', '/v2/zones/tasks/imports'],
  ['get', '/v2/zones/tasks/exports'],
  ['get', '/v2/zones/tasks/exports/{export}'],
  ['get', '/v2/zones/tasks/transfer_requests'],
  ['get', '/v2/zones/tasks/transfer_requests/{transfer}'],
  ['get', '/v2/quotas'],
  ['get', '/domains'],
  ['get', '/domains/{zone}'],
  ['get', '/domains/{zone}/servers'],
];

const acceptCases: HostileCase[] = [
  ...JSON_ENDPOINTS.flatMap(([method, path, body]) =>
    ['image/jpeg', 'text/html'].map((accept) => ({
      name: `${method.toUpperCase()} ${path} Accept: ${accept}`,
      method,
      path,
      body,
      headers: { ...OWNER, Accept: accept },
      status: 406,
      type: 'not_acceptable',
      mentions: ['Accept'],
    })),
  ),
  ...[undefined, '*/*', JSON_TYPE, 'application/*', 'text/html, application/json;q=0.9'].map((accept) => ({
    name: `GET /v2/zones Accept: ${accept ?? '(none)'}`,
    method: 'get' as const,
    path: '/v2/zones',
    headers: accept === undefined ? OWNER : { ...OWNER, Accept: accept },
    status: 200,
  })),
  ...(
    [
      ['text/dns', badRequest],
      ['*/*', badRequest],
      [JSON_TYPE, notAcceptable],
      ['image/jpeg', notAcceptable],
    ] as const
  ).map(([accept, outcome]) => ({
    name: `export download (still PENDING) Accept: ${accept}`,
    method: 'get' as const,
    path: '/v2/zones/tasks/exports/{export}/export',
    headers: { ...OWNER, Accept: accept },
    ...outcome,
  })),
];

// ---------------------------------------------------------------------------------------------------
// Long values: the answer names the field and quotes at most 100 characters of the value.

const long = (length: number, char = 'x') => char.repeat(length);
const MEGABYTE_NAME = long(1_000_000);
const QUERY_VALUE = long(8_000);

/** [case, path, body, the long value in it, what the message must name] */
const LONG_BODY_VALUES: [string, string, object, string, string][] = [
  ['zone name of 1 MB', '/v2/zones', { ...ZONE, name: `${MEGABYTE_NAME}.test.` }, MEGABYTE_NAME, 'name'],
  ['zone email of 1 MB', '/v2/zones', { ...ZONE, email: MEGABYTE_NAME }, MEGABYTE_NAME, 'email'],
  ['domain name of 1 MB', '/domains', { ...ZONE, name: `${MEGABYTE_NAME}.test.` }, MEGABYTE_NAME, 'name'],
  [
    'record of 500 kB',
    '/v2/zones/{zone}/recordsets',
    { ...RECORDSET, name: 'long.existing.hostile.test.', records: [long(500_000, '9')] },
    long(500_000, '9'),
    "'A' Record",
  ],
  [
    'record set type of 500 kB',
    '/v2/zones/{zone}/recordsets',
    { ...RECORDSET, type: long(500_000, 'T') },
    long(500_000, 'T'),
    'type',
  ],
  ['key of 500 kB', '/v2/zones', { ...ZONE, [long(500_000, 'k')]: 1 }, long(500_000, 'k'), 'Keys'],
];

const longValueCases: HostileCase[] = [
  ...LONG_BODY_VALUES.map(([name, path, body, longValue, mentions]) => ({
    name,
    method: 'post' as const,
    path,
    body,
    ...invalidObject,
    mentions: [mentions],
    longValue,
  })),
  {
    name: 'transfer request id of 500 kB',
    method: 'post',
    path: '/v2/zones/tasks/transfer_accept',
    body: { key: 'AAAAAAAAAAAAAAAA', zone_transfer_request_id: long(500_000, 'z') },
    status: 400,
    type: 'invalid_uuid',
    mentions: ['zone_transfer_request_id'],
    longValue: long(500_000, 'z'),
  },
];

/** [parameter, what a value of 8 kB gets]; the last is a parameter name of 8 kB. */
const LONG_QUERY_PARAMETERS: [string, Outcome][] = [
  ['ttl', badRequest],
  ['status', badRequest],
  ['marker', { status: 400, type: 'invalid_marker' }],
  ['sort_key', { status: 400, type: 'invalid_sort_key' }],
  ['sort_dir', { status: 400, type: 'invalid_sort_dir' }],
  ['limit', invalidLimit],
  [QUERY_VALUE, badRequest],
];

const longQueryCases: HostileCase[] = LONG_QUERY_PARAMETERS.map(([parameter, outcome]) => ({
  name: `GET /v2/zones with ${parameter.slice(0, 20)} of 8 kB`,
  method: 'get',
  path: parameter === QUERY_VALUE ? `/v2/zones?${QUERY_VALUE}=1` : `/v2/zones?${parameter}=${QUERY_VALUE}`,
  ...outcome,
  mentions: [parameter.slice(0, 20)],
  longValue: QUERY_VALUE,
}));

const longHeaderAndPathCases: HostileCase[] = [
  {
    name: 'zone id of 8 kB',
    method: 'get',
    path: `/v2/zones/${QUERY_VALUE}`,
    status: 400,
    type: 'invalid_uuid',
    mentions: ['zone_id'],
    longValue: QUERY_VALUE,
  },
  {
    name: 'undecodable id of 8 kB',
    method: 'get',
    path: `/v2/zones/%E0%A4%A${QUERY_VALUE}`,
    ...badRequest,
    longValue: QUERY_VALUE,
  },
  {
    name: 'X-Auth-All-Projects of 8 kB',
    method: 'get',
    path: '/v2/zones',
    headers: { ...ADMIN, 'X-Auth-All-Projects': QUERY_VALUE },
    ...badRequest,
    mentions: ['X-Auth-All-Projects'],
    longValue: QUERY_VALUE,
  },
];

// ---------------------------------------------------------------------------------------------------
// Found beyond the report: values PostgreSQL cannot index, body encodings, text that is not UTF-16.

const NOISE = incompressible(4_000);

const storageLimitCases: HostileCase[] = [
  {
    name: 'sudo project id of 4,000 incompressible characters',
    method: 'post',
    path: '/v2/zones',
    headers: { ...ADMIN, 'X-Auth-Sudo-Project-ID': NOISE },
    body: { ...ZONE, name: 'sudo.hostile.test.' },
    ...badRequest,
    mentions: ['X-Auth-Sudo-Project-ID'],
  },
  {
    name: 'noauth project id of 4,000 incompressible characters',
    method: 'post',
    path: '/v2/zones',
    headers: as(NOISE),
    body: { ...ZONE, name: 'noauth.hostile.test.' },
    ...badRequest,
    mentions: ['X-Auth-Project-ID'],
  },
  {
    name: 'quotas of a project id of 4,000 incompressible characters',
    method: 'patch',
    path: `/v2/quotas/${NOISE}`,
    headers: ADMIN,
    body: { zones: 5 },
    ...badRequest,
    mentions: ['project_id'],
  },
  {
    name: 'TXT record of 4,000 incompressible characters',
    method: 'post',
    path: '/v2/zones/{zone}/recordsets',
    body: {
      name: 'txt.existing.hostile.test.',
      type: 'TXT',
      records: [
        NOISE.match(/.{1,250}/g)!
          .map((s) => `"${s}"`)
          .join(' '),
      ],
    },
    ...invalidObject,
    mentions: ['2048 bytes'],
  },
  {
    name: 'a lone surrogate in a description (stored as U+FFFD)',
    method: 'patch',
    path: '/v2/zones/{zone}',
    raw: '{"description": "a\\ud800b"}',
    contentType: JSON_TYPE,
    status: 200,
  },
  {
    name: 'a gzip body that is not gzip',
    method: 'post',
    path: '/v2/zones',
    headers: { ...OWNER, 'Content-Encoding': 'gzip' },
    raw: 'not gzip at all',
    contentType: JSON_TYPE,
    status: 400,
    type: 'bad_request',
  },
  {
    name: 'limit of 16 digits is clamped like any larger limit',
    method: 'get',
    path: '/v2/zones?limit=1234567890123456',
    status: 200,
  },
];

const CASES: HostileCase[] = [
  ...WRITES.flatMap(writeCases),
  ...attributeKeyCases,
  ...zonefileCases,
  ...COLLECTIONS.flatMap(collectionCases),
  ...pathCases,
  ...acceptCases,
  ...longValueCases,
  ...longQueryCases,
  ...longHeaderAndPathCases,
  ...storageLimitCases,
];

describe('hostile input: a 4xx with a Designate body naming the field, never a 5xx', () => {
  let gw: GatewayHarness;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    gw = await startGateway();
    const post = async (path: string, body?: object) => {
      const res = await request(gw.url).post(path).set(OWNER).send(body);
      expect(res.status).toBeLessThan(300);
      return res.body.id as string;
    };
    ids.zone = await post('/v2/zones', ZONE);
    ids.recordset = await post(`/v2/zones/${ids.zone}/recordsets`, RECORDSET);
    ids.transfer = await post(`/v2/zones/${ids.zone}/tasks/transfer_requests`);
    ids.export = await post(`/v2/zones/${ids.zone}/tasks/export`);
    const tsigkey = (body: object) => request(gw.url).post('/v2/tsigkeys').set(ADMIN).send(body).expect(201);
    await tsigkey(TSIGKEY);
    ids.tsigkey = (await tsigkey({ ...TSIGKEY, name: 'patched-key' })).body.id;
  });
  afterAll(() => gw?.close());

  it('has at least 300 cases, with unique names', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(300);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    await expectHostileAnswer(gw.url, c, OWNER, ids);
  });

  it('reports a wrong type before a range: "ttl": "3600" is not an integer', async () => {
    const res = await request(gw.url)
      .post('/v2/zones')
      .set(OWNER)
      .send({ ...ZONE, ttl: '3600' });
    expect(res.body.errors.errors).toEqual([
      { path: ['ttl'], message: 'ttl must be an integer', validator: 'type' },
    ]);
  });

  it('keeps prototype names among zone attributes as plain data', async () => {
    const attributes =
      '{"constructor": "a", "__proto__": "b", "toString": "c", "hasOwnProperty": "d", "valueOf": "e"}';
    const res = await request(gw.url)
      .post('/v2/zones')
      .set(OWNER)
      .set('Content-Type', JSON_TYPE)
      .send(`{"name": "attributes.hostile.test.", "email": "a@hostile.test", "attributes": ${attributes}}`);
    expect(res.status).toBe(201);
    expect(JSON.parse(res.text).attributes).toEqual(JSON.parse(attributes));
    const read = await request(gw.url).get(`/v2/zones/${res.body.id}`).set(OWNER);
    expect(JSON.parse(read.text).attributes).toEqual(JSON.parse(attributes));
  });
});
