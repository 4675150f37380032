#!/bin/sh
# Starts a throwaway PostgreSQL 15 cluster (Debian's postgresql package) in a temp dir on a free port
# and prints its URL; stop it with: pg_ctl -D <dir> stop (printed too). Runs as user postgres when root.
set -e
BIN=/usr/lib/postgresql/15/bin
DIR=$(mktemp -d /tmp/siteboard-pg.XXXXXX)
PORT=${PGPORT_BENCH:-$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')}
AS=""
if [ "$(id -u)" = 0 ]; then chown postgres "$DIR"; AS="runuser -u postgres --"; fi
$AS $BIN/initdb -D "$DIR" -U bench --auth=trust >/dev/null
$AS $BIN/pg_ctl -D "$DIR" -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1" -l "$DIR/log" -w start >/dev/null
echo "BENCH_PG_URL=postgres://bench@127.0.0.1:$PORT/postgres"
echo "stop: $AS $BIN/pg_ctl -D $DIR stop"
