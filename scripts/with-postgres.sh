#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL 15 cluster and TEST_DATABASE_URL pointing at it.
# Usage: scripts/with-postgres.sh <command...>     (used by .ci/run; handy locally too)
set -euo pipefail

PG_BIN="${PG_BIN:-}"
if [ -z "$PG_BIN" ]; then
  for candidate in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
    if [ -x "$candidate/initdb" ]; then PG_BIN="$candidate"; break; fi
  done
fi
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "with-postgres: no PostgreSQL server binaries found (install postgresql-15, or set PG_BIN)" >&2
  exit 3
fi

PORT="${PG_TEST_PORT:-55433}"
PGDATA_DIR="$(mktemp -d /tmp/ddex-pg-XXXXXX)"
SOCKET_DIR="$PGDATA_DIR/socket"
mkdir -p "$SOCKET_DIR"

# initdb refuses to run as root: run the cluster as the postgres user when we are root.
as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = "0" ]; then chown -R postgres "$PGDATA_DIR"; fi

cleanup() {
  as_pg "$PG_BIN/pg_ctl" -D "$PGDATA_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PGDATA_DIR"
}
trap cleanup EXIT

as_pg "$PG_BIN/initdb" -D "$PGDATA_DIR/data" -U postgres --auth=trust -E UTF8 --no-locale >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$PGDATA_DIR/data" -l "$PGDATA_DIR/server.log" -w -t 60 \
  -o "-p $PORT -k $SOCKET_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
  start >/dev/null
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
"$@"
