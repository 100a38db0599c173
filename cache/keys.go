// Package cache is the Redis store. Every key it uses is named in this file.
//
// The store runs on one Redis node or on a Redis Cluster unchanged: every
// script, transaction and multi-key command touches keys of one hash slot.
// Keys that are read or written together share a hash tag (the part in {}):
// a tournament's id, an organizer's id, a key's hash, or the name of a global
// family ({organizers}, {keys}). Plain pipelines may span slots; the cluster
// client splits them per node.
//
// A value described as JSON is a record that starts with its format
// (records.go): {"format":2,...}; the records of earlier formats read too.
//
// Everything that belongs to one tournament carries the tournament id as a
// hash tag, so a multi-key step on one tournament touches one cluster slot:
//
//	t:{<id>}:meta          string  the Tournament as JSON (structure, courts, owner)
//	t:{<id>}:version       string  counter, bumped with every change to the tournament
//	t:{<id>}:matches       hash    match id → Match JSON
//	t:{<id>}:entries       hash    entry id → Entry JSON (players and fixed teams)
//	t:{<id>}:listing       string  what a list needs of the tournament (organizer, start, state, shared), written with meta
//	t:{<id>}:changes       stream  entry "<version>-1" per change: "m" the ids of the matches it wrote or removed,
//	                               "e" of the entries it wrote, "meta" 1 if it wrote meta, "r" 1 if it wrote reports
//	t:{<id>}:events        stream  one entry per change: field "events", a JSON array of Event (trimmed by the retention)
//	t:{<id>}:audit:<match> list    AuditEntry JSON of every result write, newest first (the newest tournament.AuditCap kept)
//	t:{<id>}:webhooks      set     ids of the webhooks subscribed to the tournament
//	t:{<id>}:screens       hash    screen name → Screen JSON (what that TV in the hall shows)
//	t:{<id>}:court-codes   hash    court id → the code on its printed card (expires CourtCodeLifetime after the cards were last opened)
//	t:{<id>}:reports       hash    court id → CourtReport JSON: what devices at the court reported of its match
//	                               (expires ReportLifetime after the last report); a change to it moves the
//	                               version on and notes "r" 1 in the changelog
//
// A court card's code finds its court (the tournament's court-codes hash
// decides: a code renewed there is not found, whatever the index says):
//
//	court-code:<code>      string  "<tournament id> <court id>" (expires CourtCodeLifetime after the cards were last opened)
//
// The event streams, so the retention can find them, and the channel on
// which every change announces "<tournament id> <version>":
//
//	event-streams          set     names of the t:{<id>}:events streams
//	versions               pubsub  channel
//
// Organizers and the lists that find tournaments:
//
//	{organizers}           hash    organizer id → Organizer JSON
//	{organizers}:slugs     hash    slug → organizer id
//	o:{<orgId>}:index      hash    tournament id → listing JSON as of its creation; the listing key has its current one
//
// An organizer's quotas (tournament.Quota) and what counts against them, in
// its slot; the index's length is its tournaments:
//
//	o:{<orgId>}:quota             hash    tournaments, matches, bytes, writes: an operator's values (absent: the limits table's)
//	o:{<orgId>}:usage             hash    matches, bytes: what its tournaments count (the most matches each can come to)
//	o:{<orgId>}:reserved          hash    tournament id → "<matches> <bytes>" it counts, given back when it is deleted
//	o:{<orgId>}:writes:<minute>   string  the organizer's writes in that minute (expires after two minutes)
//
// An organizer's rankings (its player register, series and rating settings),
// in the organizer's slot; every change to them bumps rankings-rev:
//
//	o:{<orgId>}:players              hash    registered player id → RegisteredPlayer JSON
//	o:{<orgId>}:links                hash    "<tournament id> <entry id>" → registered player id
//	o:{<orgId>}:player-links:<pid>   set     the link keys of one registered player (for merges and splits)
//	o:{<orgId>}:series               hash    series id → Series JSON
//	o:{<orgId>}:rating-settings      string  RatingSettings JSON (absent: the defaults)
//	o:{<orgId>}:rankings-rev         string  counter, bumped by every change to the four above
//
// Webhooks and their delivery (the per-tournament parts carry the hash tag):
//
//	webhooks                      hash    webhook id → Webhook JSON (with its signing secret)
//	{webhooks}:rev                string  counter, bumped when a webhook is made, deleted, enabled or disabled (in the slot of webhooks)
//	owner-webhooks:<owner>        set     ids of the webhooks a key owner subscribed
//	key-webhooks:<key id>         set     ids of the webhooks a key made (at most MaxWebhooksPerKey)
//	webhook-log:<id>              list    the last deliveries, newest first (Delivery JSON)
//	t:{<id>}:webhook-cursors      hash    webhook id → the last events stream entry the webhook got
//	t:{<id>}:webhook-batch:<hook> string  the webhook's batch in flight: JSON array of delivery id, last entry, events
//	t:{<id>}:webhook-lease:<hook> string  which instance delivers to the webhook now (expires unless renewed)
//	t:{<id>}:delivery-seq         string  the last delivery id given out
//
// API keys, stored by the SHA-256 of their secret, never the secret:
//
//	{keys}                 hash    key id → SHA-256 hex of its secret
//	{keys}:by-hash         hash    SHA-256 hex → Key JSON
//	o:{<orgId>}:helpers    set     SHA-256 hex of each of the organizer's helpers' logins (a revoked one is removed whole)
//	{keys}:helpers-indexed string  set once every helper's login is in its organizer's set (stores from before them)
//
// Rate limiting, one counter per key and minute (expires after two minutes),
// and failed sign-ins to the console per client address (expire after 15 minutes):
//
//	rl:{<sha>}:<minute>          string  GET requests of the key in that minute; reports from a court
//	                                     count as rl:{report-device:<device hash>} and rl:{report-court:<tournament>/<court>}
//	login-failures:<client>      string  failed sign-ins from the client
//
// Console sessions, by the SHA-256 of the session id in the cookie; each lives
// as long as its cookie (console.SessionLifetime), and signing out or
// revoking the key deletes it:
//
//	session:<sha>                string  SHA-256 hex of the API key the session signed in with
//	key-sessions:<keySha>        set     the session hashes of a key, to end them on revocation
//
// First run, invitations, suspensions and signing a phone in (accounts.go, operators.go):
//
//	{organizers}:setup           string  SHA-256 hex of the one-time setup code, while there is no organizer
//	{organizers}:invite:<sha>    string  an operator's invitation (by its code's SHA-256): when it expires (RFC 3339; the key expires then too)
//	{organizers}:suspended       hash    organizer id → slug, of the organizers an operator suspended (operators.go)
//	sign-in-link:<sha>           string  SHA-256 hex of the key a one-time sign-in link signs in with (expires)
//
// Following tournaments that run elsewhere (package upstream); an upstream
// key is named by Follow.KeyHash, never by the key:
//
//	follows                      hash    tournament id → Follow JSON (source, key, budget, webhook secret)
//	t:{<id>}:follow-status       hash    lastSync, lastHook, lastError, errorAt, errors
//	t:{<id>}:follow-dirty        set     what webhook calls said changed, until the syncer takes it
//	t:{<id>}:follow-lease        string  the instance that syncs the tournament now (expires)
//	follow-dirty                 pubsub  channel: "<tournament id>" when webhook calls marked changes
//	upstream-budget:{<keyhash>}  zset    GET requests sent upstream with the key in the last minute (score: ms)
//	upstream-pause:{<keyhash>}   string  set while the upstream's 429 Retry-After runs (expires with it)
//	upstream-polls:{<keyhash>}   zset    the polls among the GET requests of upstream-budget (score: ms)
package cache

import (
	"fmt"
	"strings"
)

func metaKey(id string) string    { return fmt.Sprintf("t:{%s}:meta", id) }
func versionKey(id string) string { return fmt.Sprintf("t:{%s}:version", id) }
func matchesKey(id string) string { return fmt.Sprintf("t:{%s}:matches", id) }
func entriesKey(id string) string { return fmt.Sprintf("t:{%s}:entries", id) }
func listingKey(id string) string { return fmt.Sprintf("t:{%s}:listing", id) }
func eventsKey(id string) string  { return fmt.Sprintf("t:{%s}:events", id) }
func changesKey(id string) string { return fmt.Sprintf("t:{%s}:changes", id) }

// liveRunKey holds "from top": the versions from+1 … top were all made by
// live scores (see applyScript).
func liveRunKey(id string) string { return fmt.Sprintf("t:{%s}:liverun", id) }
func auditKey(id, matchID string) string {
	return fmt.Sprintf("t:{%s}:audit:%s", id, matchID)
}
func tournamentWebhooksKey(id string) string { return fmt.Sprintf("t:{%s}:webhooks", id) }
func screensKey(id string) string            { return fmt.Sprintf("t:{%s}:screens", id) }
func courtCodesKey(id string) string         { return fmt.Sprintf("t:{%s}:court-codes", id) }
func reportsKey(id string) string            { return fmt.Sprintf("t:{%s}:reports", id) }
func courtCodeKey(code string) string        { return "court-code:" + code }
func webhookCursorsKey(id string) string     { return fmt.Sprintf("t:{%s}:webhook-cursors", id) }
func webhookBatchKey(id, hook string) string { return fmt.Sprintf("t:{%s}:webhook-batch:%s", id, hook) }
func webhookLeaseKey(id, hook string) string { return fmt.Sprintf("t:{%s}:webhook-lease:%s", id, hook) }
func deliverySeqKey(id string) string        { return fmt.Sprintf("t:{%s}:delivery-seq", id) }
func ownerWebhooksKey(owner string) string   { return "owner-webhooks:" + owner }
func keyWebhooksKey(keyID string) string     { return "key-webhooks:" + keyID }
func webhookLogKey(id string) string         { return "webhook-log:" + id }

// tournamentOfStream is the tournament id inside an events stream's name.
func tournamentOfStream(stream string) string {
	return strings.TrimSuffix(strings.TrimPrefix(stream, "t:{"), "}:events")
}

const (
	eventStreamsKey   = "event-streams"
	versionsChannel   = "versions"
	organizersKey     = "{organizers}"
	organizerSlugsKey = "{organizers}:slugs"
	keysKey           = "{keys}"
	keysByHashKey     = "{keys}:by-hash"
	helpersIndexedKey = "{keys}:helpers-indexed"
	setupKey          = "{organizers}:setup"
	// suspendedOrganizersKey shares the organizers' slot.
	suspendedOrganizersKey = "{organizers}:suspended"
	webhooksKey            = "webhooks"
	webhooksRevKey         = "{webhooks}:rev"
)

func inviteKey(sha string) string     { return "{organizers}:invite:" + sha }
func signInLinkKey(sha string) string { return "sign-in-link:" + sha }

func organizerIndexKey(orgID string) string    { return fmt.Sprintf("o:{%s}:index", orgID) }
func organizerHelpersKey(orgID string) string  { return fmt.Sprintf("o:{%s}:helpers", orgID) }
func organizerQuotaKey(orgID string) string    { return fmt.Sprintf("o:{%s}:quota", orgID) }
func organizerUsageKey(orgID string) string    { return fmt.Sprintf("o:{%s}:usage", orgID) }
func organizerReservedKey(orgID string) string { return fmt.Sprintf("o:{%s}:reserved", orgID) }
func organizerWritesKey(orgID string, window int64) string {
	return fmt.Sprintf("o:{%s}:writes:%d", orgID, window)
}

func registerPlayersKey(orgID string) string { return fmt.Sprintf("o:{%s}:players", orgID) }
func registerLinksKey(orgID string) string   { return fmt.Sprintf("o:{%s}:links", orgID) }
func playerLinksKey(orgID, playerID string) string {
	return fmt.Sprintf("o:{%s}:player-links:%s", orgID, playerID)
}
func seriesKey(orgID string) string         { return fmt.Sprintf("o:{%s}:series", orgID) }
func ratingSettingsKey(orgID string) string { return fmt.Sprintf("o:{%s}:rating-settings", orgID) }
func rankingsRevKey(orgID string) string    { return fmt.Sprintf("o:{%s}:rankings-rev", orgID) }

func rateKey(sha string, window int64) string { return fmt.Sprintf("rl:{%s}:%d", sha, window) }

// ephemeralKey says whether k may be lost with the process (a rate counter):
// the embedded store's journal does not keep it.
func ephemeralKey(k string) bool { return strings.HasPrefix(k, "rl:") }

func loginFailuresKey(client string) string { return "login-failures:" + client }

const (
	followsKey         = "follows"
	followDirtyChannel = "follow-dirty"
)

func followStatusKey(id string) string { return fmt.Sprintf("t:{%s}:follow-status", id) }
func followDirtyKey(id string) string  { return fmt.Sprintf("t:{%s}:follow-dirty", id) }
func followLeaseKey(id string) string  { return fmt.Sprintf("t:{%s}:follow-lease", id) }
func budgetKey(keyHash string) string  { return fmt.Sprintf("upstream-budget:{%s}", keyHash) }
func budgetPauseKey(keyHash string) string {
	return fmt.Sprintf("upstream-pause:{%s}", keyHash)
}
func budgetPollsKey(keyHash string) string { return fmt.Sprintf("upstream-polls:{%s}", keyHash) }

func sessionKey(sha string) string        { return "session:" + sha }
func keySessionsKey(keySHA string) string { return "key-sessions:" + keySHA }
