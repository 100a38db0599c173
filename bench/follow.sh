#!/bin/sh
# Figures for following a tournament: instance U plays the demo's ten-court
# Hamburg Open (simulator on, a round of points every 6 s), instance M follows
# it through a counting proxy, polling alone and then with U's webhooks, for
# FOLLOW_PHASE each (default 3m). Prints upstream GETs per minute and how far
# M's answers (and its court board's data) are behind U's, p50 and p99. The
# test asserts what M shows, never these figures: they are for a person to
# read (the budget is record.DefaultFollowBudget GETs a minute).
set -eu
cd "$(dirname "$0")/.."
COURTSIDE_E2E=1 FOLLOW_PHASE=${FOLLOW_PHASE:-3m} go test -run TestFollowAnInstanceEndToEnd -count=1 -v -timeout 30m ./cli/ |
	grep -E 'first load|polling alone|with webhooks|after U restarted|most GETs|^(ok|FAIL|---)'
