#!/usr/bin/env bash
# quote_hub.sh -- a Hub engine whose every answer is garbage with a double quote and
# a backslash in it (done move="1\2"x): the fault reason quotes it into the records.
while read -r l; do case "$l" in
  hub) echo wait ;; init) echo ready ;;
  go*) printf 'done move="1\\2"x\n' ;;
esac; done
