#!/usr/bin/env bash
# Runs OpenStack Designate's own test suite (designate-tempest-plugin 0.19.0, the version gated against
# Designate 15, from its source release, with Debian's tempest) against Zonewarden through a real Keystone,
# with a real BIND 9 secondary as the pool's nameserver, and prints pass/fail/skip counts. Not part of
# `npm test`: it takes several minutes. Everything it starts it stops by PID, and its databases are
# dropped, also on failure.
#
#   test/tempest/run-designate-tempest.sh [TEMPEST_REGEX]     (default: the API tests)
#
# Environment: PGHOST/PGPORT/PGUSER (default 127.0.0.1/5432/postgres, trust), CONCURRENCY (2),
# ENFORCE_NEW_DEFAULTS (false), KEEP_DIR=1 keeps the work directory (logs, tempest.conf, stestr repository)
# for a look afterwards; PLUGIN_SOURCE: a git repository (path or URL) of designate-tempest-plugin
# (default https://opendev.org/openstack/designate-tempest-plugin), PLUGIN_REF: its tag (0.19.0).
# Needs: Debian's tempest, keystone and uwsgi(-plugin-python3), python3-psycopg2, openstack client, bind9,
# and a built Zonewarden (`npm ci && NX_DAEMON=false npm run build`). Debian's own designate-tempest-plugin
# package (0.14.0) must not be installed beside it: tempest would load both.
set -euo pipefail

REGEX=${1:-'^designate_tempest_plugin.tests.api'}
CONCURRENCY=${CONCURRENCY:-2}
PLUGIN_SOURCE=${PLUGIN_SOURCE:-https://opendev.org/openstack/designate-tempest-plugin}
PLUGIN_REF=${PLUGIN_REF:-0.19.0}
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d /tmp/zw-tempest-XXXXXX)
SUFFIX=$(basename "$WORK" | tr -dc 'a-zA-Z0-9' | tr 'A-Z' 'a-z')
KS_DB=zw_tempest_keystone_$SUFFIX
ZW_DB=zw_tempest_zonewarden_$SUFFIX
ADMIN_PASSWORD=tempest-admin-secret
PIDS=()
DBS=()

log() { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

cleanup() {
  local status=$?
  set +e
  for pid in "${PIDS[@]}"; do
    kill -TERM "$pid" 2>/dev/null
  done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$pid" 2>/dev/null
  done
  for db in "${DBS[@]}"; do dropdb --if-exists --force "$db"; done
  if [ "${KEEP_DIR:-}" = 1 ]; then log "work directory kept: $WORK"; else rm -rf "$WORK"; fi
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

wait_for() { # what, command...
  local what=$1; shift
  for _ in $(seq 1 120); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.5
  done
  log "gave up waiting for $what"
  return 1
}

# --- packages and the plugin's source ---------------------------------------------------------------
if ! dpkg -s tempest >/dev/null 2>&1; then
  log 'installing tempest (Debian)'
  apt-get install -y --no-install-recommends tempest >"$WORK/apt.log" 2>&1
fi
if dpkg -s designate-tempest-plugin >/dev/null 2>&1; then
  log "Debian's designate-tempest-plugin is installed: tempest would load it beside $PLUGIN_REF (apt-get remove designate-tempest-plugin)"
  exit 1
fi
TEMPEST_VERSION=$(dpkg-query -W -f '${Version}' tempest)
[ -f "$ROOT/apps/all-in-one/dist/main.js" ] || { log 'build Zonewarden first: NX_DAEMON=false npm run build'; exit 1; }
PLUGIN_DIR=$WORK/designate-tempest-plugin
mkdir -p "$PLUGIN_DIR"
if [ -d "$PLUGIN_SOURCE" ]; then
  git -C "$PLUGIN_SOURCE" archive "$PLUGIN_REF" | tar -x -C "$PLUGIN_DIR"
else
  git clone -q --depth 1 --branch "$PLUGIN_REF" "$PLUGIN_SOURCE" "$PLUGIN_DIR"
fi
# What `pip install` would register, without pip or the network: the package's metadata and its tempest
# plugin entry point (setup.cfg's [entry_points]), found on PYTHONPATH by tempest's plugin manager.
mkdir -p "$PLUGIN_DIR/designate_tempest_plugin.egg-info"
printf 'Metadata-Version: 1.1\nName: designate-tempest-plugin\nVersion: %s\n' "$PLUGIN_REF" \
  >"$PLUGIN_DIR/designate_tempest_plugin.egg-info/PKG-INFO"
printf '[tempest.test_plugins]\ndesignate = designate_tempest_plugin.plugin:DesignateTempestPlugin\n' \
  >"$PLUGIN_DIR/designate_tempest_plugin.egg-info/entry_points.txt"
export PYTHONPATH=$PLUGIN_DIR${PYTHONPATH:+:$PYTHONPATH}
PLUGIN_VERSION=$PLUGIN_REF

# --- Keystone ---------------------------------------------------------------------------------------
KS_PORT=$(free_port)
KS_URL=http://127.0.0.1:$KS_PORT/v3
mkdir -p "$WORK/keystone/fernet-keys" "$WORK/keystone/credential-keys"
createdb "$KS_DB"
DBS+=("$KS_DB")
cat >"$WORK/keystone/keystone.conf" <<EOF
[DEFAULT]
log_dir = $WORK/keystone
[database]
connection = postgresql+psycopg2://$PGUSER@$PGHOST:$PGPORT/$KS_DB
max_pool_size = 2
max_overflow = 4
[fernet_tokens]
key_repository = $WORK/keystone/fernet-keys
[credential]
key_repository = $WORK/keystone/credential-keys
[identity]
password_hash_rounds = 4
[token]
expiration = 7200
EOF
manage() { keystone-manage --config-file "$WORK/keystone/keystone.conf" "$@" >>"$WORK/keystone/manage.log" 2>&1; }
OWNER=(--keystone-user "$(id -un)" --keystone-group "$(id -gn)")
log "Keystone: db_sync, keys, bootstrap (port $KS_PORT)"
manage db_sync
manage fernet_setup "${OWNER[@]}"
manage credential_setup "${OWNER[@]}"
manage bootstrap --bootstrap-username admin --bootstrap-password "$ADMIN_PASSWORD" \
  --bootstrap-project-name admin --bootstrap-region-id RegionOne --bootstrap-public-url "$KS_URL" \
  --bootstrap-internal-url "$KS_URL" --bootstrap-admin-url "$KS_URL"
# Three worker processes: tempest's two workers and the gateway's token validations call it at once.
OS_KEYSTONE_CONFIG_FILES="$WORK/keystone/keystone.conf" uwsgi --plugin python3 \
  --http-socket "127.0.0.1:$KS_PORT" --add-header 'Connection: close' \
  --wsgi-file /usr/bin/keystone-wsgi-public --master --processes 3 --need-app --die-on-term --no-orphans \
  >"$WORK/keystone/uwsgi.log" 2>&1 &
PIDS+=($!)
wait_for Keystone curl -fsS "$KS_URL"

export OS_AUTH_URL=$KS_URL OS_USERNAME=admin OS_PASSWORD=$ADMIN_PASSWORD OS_PROJECT_NAME=admin \
  OS_USER_DOMAIN_NAME=Default OS_PROJECT_DOMAIN_NAME=Default OS_IDENTITY_API_VERSION=3 OS_REGION_NAME=RegionOne
# Roles tempest's dynamic credentials ask for (bootstrap makes admin, member, reader).
openstack role create --or-show member >/dev/null
openstack role create --or-show reader >/dev/null

# --- BIND 9, the pool's secondary (as Designate's gate: the tests query the backend, not mini-dns) ------
BIND_PORT=$(free_port)
RNDC_PORT=$(free_port)
mkdir -p "$WORK/named"
rndc-confgen -a -k rndc-key -c "$WORK/named/rndc.key" 2>/dev/null
sed -e "s|{{DIR}}|$WORK/named|g" -e "s|{{PORT}}|$BIND_PORT|g" -e "s|{{RNDC_PORT}}|$RNDC_PORT|g" \
  "$ROOT/libs/testing/targets/named.conf" >"$WORK/named/named.conf"
named -g -u "$(id -un)" -c "$WORK/named/named.conf" >"$WORK/named/named.log" 2>&1 &
PIDS+=($!)
wait_for BIND grep -q 'running' "$WORK/named/named.log"

# --- Zonewarden (one process on a scratch database) -------------------------------------------------
API_PORT=$(free_port)
DNS_PORT=$(free_port)
cat >"$WORK/pools.yaml" <<EOF
- id: 794ccc2c-d751-44fe-b57f-8894c9f5c842
  name: default
  ns_records: [{ hostname: ns1.zonewarden.test., priority: 1 }]
  nameservers: [{ host: 127.0.0.1, port: $DNS_PORT }, { host: 127.0.0.1, port: $BIND_PORT }]
  targets:
    - type: builtin
    - type: bind9
      options: { rndc_host: 127.0.0.1, rndc_port: $RNDC_PORT, rndc_key_file: $WORK/named/rndc.key,
                 dns_host: 127.0.0.1, dns_port: $BIND_PORT }
  also_notifies: []
EOF
createdb "$ZW_DB"
DBS+=("$ZW_DB")
openstack service create --name designate --description 'Zonewarden' dns >/dev/null
for iface in public internal admin; do
  openstack endpoint create --region RegionOne dns "$iface" "http://127.0.0.1:$API_PORT" >/dev/null
done
log "Zonewarden: API port $API_PORT, DNS port $DNS_PORT"
(
  cd "$ROOT"
  exec env DATABASE_URL="postgresql://$PGUSER@$PGHOST:$PGPORT/$ZW_DB" DATABASE_POOL_SIZE=12 \
    ZONEWARDEN_DATA_DIR="$WORK/zonewarden" API_PORT="$API_PORT" MINIDNS_PORT="$DNS_PORT" \
    POOLS_FILE="$WORK/pools.yaml" \
    AUTH_STRATEGY=keystone KEYSTONE_AUTH_URL="$KS_URL" KEYSTONE_USERNAME=admin \
    KEYSTONE_PASSWORD="$ADMIN_PASSWORD" KEYSTONE_PROJECT_NAME=admin DESIGNATE_STATUS_CODES=true \
    RATE_LIMIT_PER_MINUTE=0 LOG_LEVEL=info node apps/all-in-one/dist/main.js
) >"$WORK/zonewarden.log" 2>&1 &
PIDS+=($!)
wait_for Zonewarden curl -fsS "http://127.0.0.1:$API_PORT/health/ready"

# --- tempest ----------------------------------------------------------------------------------------
cd "$WORK"
# Its own workspace file: the user's ~/.tempest/workspace.yaml would refuse a second workspace named "tempest".
tempest init --workspace-path "$WORK/workspace.yaml" tempest >/dev/null
cat >"$WORK/tempest/etc/tempest.conf" <<EOF
[DEFAULT]
log_file = $WORK/tempest/tempest.log
[auth]
use_dynamic_credentials = true
admin_username = admin
admin_password = $ADMIN_PASSWORD
admin_project_name = admin
admin_domain_name = Default
[identity]
uri_v3 = $KS_URL
auth_version = v3
region = RegionOne
[identity-feature-enabled]
api_v2 = false
[service_available]
dns = true
designate = true
nova = false
neutron = false
glance = false
cinder = false
swift = false
horizon = false
[dns]
endpoint_type = publicURL
nameservers = 127.0.0.1:$BIND_PORT
build_timeout = 120
# As Designate 15's (Zed) devstack plugin configures its default tempest job: the legacy policy defaults
# (oslo.policy's enforce_new_defaults was still false), no scope enforcement. ENFORCE_NEW_DEFAULTS=true
# runs the RBAC checks of the new defaults instead, which expect system-scoped admin tokens.
[dns_feature_enabled]
api_v2 = true
api_admin = false
api_v2_root_recordsets = true
api_v2_quotas = true
api_v2_quotas_verify_project = true
bug_1573141_fixed = true
bug_1932026_fixed = true
enforce_new_defaults = ${ENFORCE_NEW_DEFAULTS:-false}
[enforce_scope]
designate = false
EOF
log "tempest $TEMPEST_VERSION, designate-tempest-plugin $PLUGIN_VERSION: $REGEX (concurrency $CONCURRENCY)"
cd "$WORK/tempest"
set +e
tempest run --regex "$REGEX" --concurrency "$CONCURRENCY" >"$WORK/tempest-run.log" 2>&1
set -e
# stestr's repository: the run's subunit stream (v1 or v2, as that stestr writes it) as CSV.
STREAM=.stestr/$(( $(cat .stestr/next-stream) - 1 ))
subunit-1to2 <"$STREAM" 2>/dev/null | subunit2csv >"$WORK/results.csv" 2>/dev/null || true
# Debian's python, which has the subunit modules (a pyenv python3 may come first on PATH).
/usr/bin/python3 - "$WORK/results.csv" <<'EOF'
import csv, sys, collections
rows = list(csv.DictReader(open(sys.argv[1], errors='replace')))
fixtures = ('setUpClass', 'tearDownClass')
tests = [r for r in rows if not r['test'].startswith(fixtures)]
count = collections.Counter(r['status'] for r in tests)
print(f"tests run: {len(tests)}  " + "  ".join(f"{k}: {v}" for k, v in sorted(count.items())))
for r in rows:
    if r['test'].startswith(fixtures) and r['status'] == 'fail':
        print('class fixture failed (its tests not run):', r['test'])
EOF
grep -A8 '^Totals' "$WORK/tempest-run.log" || tail -n 12 "$WORK/tempest-run.log"
echo "tempest $TEMPEST_VERSION, designate-tempest-plugin $PLUGIN_VERSION, $(date -u +%F)"
echo 'Failure causes:'
/usr/bin/python3 "$ROOT/test/tempest/classify-failures.py" "$WORK/tempest-run.log" 15
