#!/usr/bin/env bash
# The service's end-to-end tests (the modules `api`, `torture`: kill -9, load, two
# instances; and `security`: names with NUL, hosts, cross-site writes, of cli/tests/all.rs)
# against a real PostgreSQL server instead of SQLite: Debian's `postgresql`
# server, started here in a temporary directory on a free loopback port, each test on a
# database of its own, stopped and removed afterwards. Without a server on the machine it
# says so and exits 0 (`.ci/run` installs one).
#
#   scripts/postgres-tests.sh [cargo test arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "postgres: no PostgreSQL server here (Debian's postgresql); skipped"
    exit 0
fi
dir=$(mktemp -d)
# The server will not run as root: as root it runs as the package's `postgres` user.
as_server=()
if [ "$(id -u)" -eq 0 ]; then
    chown postgres "$dir"
    as_server=(runuser -u postgres --)
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
stop() {
    "${as_server[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap stop EXIT
"${as_server[@]}" "$bin/initdb" -D "$dir/data" -A trust -U schafkopf >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
"${as_server[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1" start >/dev/null ||
    { cat "$dir/server.log" >&2; exit 1; }
export SCHAFKOPF_TEST_POSTGRES="postgres://schafkopf@127.0.0.1:$port"
echo "postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on port $port"
# --workspace: the features the README's test command built with, so nothing is built again
# (the solver's test binary is named `all` too and has no such modules: it runs none).
cargo test --workspace --release --test all "$@" -- api:: torture:: security::
