import { DEFAULT_POOL_ID, catalogTsigKey, parsePools } from './pools-file';

const pool = (catalog_zone?: object) => [
  {
    id: DEFAULT_POOL_ID,
    name: 'default',
    ns_records: [{ hostname: 'ns1.example.net.', priority: 1 }],
    catalog_zone,
  },
];
const SECRET = 'c2VjcmV0IG9mIHRoZSBjYXRhbG9n';

describe("the pools file's catalog_zone (Designate 18)", () => {
  it('takes the catalog name and its refresh, given as a number or as Designate writes it, a string', () => {
    const [parsed] = parsePools(
      pool({ catalog_zone_fqdn: 'catalog.example.net.', catalog_zone_refresh: '60' }),
    );
    expect(parsed.catalog_zone).toMatchObject({
      catalog_zone_fqdn: 'catalog.example.net.',
      catalog_zone_refresh: 60,
    });
    const [defaults] = parsePools(pool({ catalog_zone_fqdn: 'catalog.example.net.' }));
    expect(defaults.catalog_zone?.catalog_zone_refresh).toBe(3600);
    expect(parsePools(pool())[0].catalog_zone).toBeUndefined();
  });

  it("reads Designate's key (the secret, the key named after the catalog) and a named key with its secret", () => {
    const [designate] = parsePools(
      pool({
        catalog_zone_fqdn: 'cat.example.',
        catalog_zone_tsig_key: SECRET,
        catalog_zone_tsig_algorithm: 'hmac-sha512',
      }),
    );
    expect(catalogTsigKey(designate.catalog_zone!)).toEqual({
      name: 'cat.example.',
      algorithm: 'hmac-sha512',
      secret: SECRET,
    });
    const [named] = parsePools(
      pool({
        catalog_zone_fqdn: 'cat.example.',
        catalog_zone_tsig_key: 'catalog-key',
        catalog_zone_tsig_secret: SECRET,
      }),
    );
    expect(catalogTsigKey(named.catalog_zone!)).toEqual({
      name: 'catalog-key',
      algorithm: 'hmac-sha256',
      secret: SECRET,
    });
  });

  it('refuses a relative name, a refresh that is no number, an unknown algorithm, a secret that is not base64, an unknown key', () => {
    const refused = (catalog: object) => () => parsePools(pool(catalog));
    expect(refused({ catalog_zone_fqdn: 'catalog.example.net' })).toThrow(
      /pools\[0\]: catalog_zone\.catalog_zone_fqdn: catalog_zone_fqdn must be an absolute name/,
    );
    expect(refused({ catalog_zone_fqdn: 'c.example.', catalog_zone_refresh: 'soon' })).toThrow(
      /catalog_zone\.catalog_zone_refresh/,
    );
    expect(
      refused({
        catalog_zone_fqdn: 'c.example.',
        catalog_zone_tsig_key: SECRET,
        catalog_zone_tsig_algorithm: 'gost',
      }),
    ).toThrow(/catalog_zone\.catalog_zone_tsig_algorithm/);
    expect(refused({ catalog_zone_fqdn: 'c.example.', catalog_zone_tsig_key: 'not base64!' })).toThrow(
      /catalog_zone: the TSIG secret must be base64/,
    );
    expect(refused({ catalog_zone_fqdn: 'c.example.', catalog_zone_masters: [] })).toThrow(
      /catalog_zone\.catalog_zone_masters/,
    );
  });
});
