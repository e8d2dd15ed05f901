#!/usr/bin/env bash
# dxp_bench.sh -- the slower half of dxp.sh (Release only): see there.
DXP_PART=bench source "$(dirname "$0")/dxp.sh"
