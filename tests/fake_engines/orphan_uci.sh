#!/usr/bin/env bash
# orphan_uci.sh MODE MARK -- a UCI engine that, at its first `go`, starts a child
# `sleep 300 MARK` (MARK a small number, say 0.012345, that names the child for pgrep)
# and then, as MODE says:
#   exit   exits with status 3, leaving the child behind (the shared reproducer
#          forkexit_engine.sh, with a child that can be told apart)
#   stay   waits for the child, so the engine and its child live on until ended
MODE=$1 MARK=$2
while read -r l; do case "$l" in
  uci) echo uciok ;; isready) echo readyok ;;
  go*) sleep 300 "$MARK" &
       [ "$MODE" = exit ] && exit 3
       wait ;;
esac; done
