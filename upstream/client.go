package upstream

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"courtside/tournament"
)

// Error is an upstream answer other than 200. Its text says the status
// only: what the body says is the remote server's, and is not shown.
type Error struct {
	Status  int
	Message string
	Body    []byte
}

func (e *Error) Error() string {
	return fmt.Sprintf("upstream: %d %s", e.Status, http.StatusText(e.Status))
}

// Refused reports whether the upstream refused the key: 401 for an unknown
// key, 403 ("Forbidden resource" from the real service, a code from the spec).
func Refused(err error) bool {
	var e *Error
	return errors.As(err, &e) && (e.Status == http.StatusUnauthorized || e.Status == http.StatusForbidden)
}

// Down reports whether err says the upstream could not be reached or failed
// on its side, rather than answering about the request.
func Down(err error) bool {
	var e *Error
	if errors.As(err, &e) {
		return e.Status >= 500
	}
	var u *unreachable
	return errors.As(err, &u) && !notPublic(err)
}

// Client calls one upstream Public API with one key. Every GET first takes
// its place in the budget; a 429 pauses the budget for its Retry-After.
type Client struct {
	// Base is the API's base address, ending in /v1/public.
	Base string
	Key  string
	HTTP *http.Client
	// Take waits until the budget allows one more GET.
	Take func(ctx context.Context) error
	// Pause stops every GET with the key for d (a 429's Retry-After).
	Pause func(ctx context.Context, d time.Duration)
	// Gate, when set, waits for a turn before a request and is given back
	// once its answer is read: it bounds what answers in flight hold.
	Gate func(ctx context.Context) (release func(), err error)
}

// tooLarge is an answer over its size limit: it is not read further.
type tooLarge struct {
	what  string
	limit int64
}

func (e *tooLarge) Error() string {
	return fmt.Sprintf("upstream: %s: the answer is larger than the %d MB Courtside takes", e.what, e.limit>>20)
}

func (c *Client) do(ctx context.Context, method, path string, body []byte, limit int64) (*http.Response, []byte, error) {
	if method == http.MethodGet && c.Take != nil {
		if err := c.Take(ctx); err != nil {
			return nil, nil, err
		}
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimSuffix(c.Base, "/")+path, rd)
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.Key)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.HTTP.Do(req)
	switch {
	case errors.Is(err, errRedirect):
		return nil, nil, fmt.Errorf("upstream: %s %s: %w", method, path, errRedirect)
	case err != nil && ctx.Err() != nil:
		return nil, nil, ctx.Err()
	case err != nil:
		return nil, nil, &unreachable{fmt.Errorf("upstream: %s %s: %w", method, path, err)}
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.ContentLength > limit {
		return nil, nil, &tooLarge{method + " " + path, limit}
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, nil, &unreachable{fmt.Errorf("upstream: %s %s: %w", method, path, err)}
	}
	if int64(len(raw)) > limit {
		return nil, nil, &tooLarge{method + " " + path, limit}
	}
	if resp.StatusCode == http.StatusTooManyRequests && c.Pause != nil {
		c.Pause(ctx, retryAfter(resp.Header.Get("Retry-After")))
	}
	return resp, raw, nil
}

// retryAfter reads Retry-After (seconds or a date); a minute when it says nothing.
func retryAfter(v string) time.Duration {
	if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), time.Second)
	}
	return time.Minute
}

// get reads path into v, leniently: a value of an unexpected type leaves its
// field empty rather than failing the whole answer. The answer may hold at
// most limit bytes.
func (c *Client) get(ctx context.Context, path string, limit int64, v any) error {
	if c.Gate != nil {
		release, err := c.Gate(ctx)
		if err != nil {
			return err
		}
		defer release()
	}
	resp, raw, err := c.do(ctx, http.MethodGet, path, nil, limit)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return answerError(resp.StatusCode, raw)
	}
	return lenient(raw, v)
}

// lenient reads raw into v; a value of an unexpected type leaves its field
// empty. An answer that is not JSON is errBadAnswer, without the parser's
// words: they would show what the remote server sent.
func lenient(raw []byte, v any) error {
	err := json.Unmarshal(raw, v)
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return nil
	}
	if err != nil {
		return errBadAnswer
	}
	return nil
}

// errBadAnswer is an upstream answer that is not the JSON it should be.
var errBadAnswer = errors.New("upstream: the answer does not read")

func answerError(status int, raw []byte) *Error {
	var b struct {
		Message any `json:"message"`
	}
	_ = json.Unmarshal(raw, &b)
	msg, _ := b.Message.(string)
	if list, ok := b.Message.([]any); ok { // validation errors come as a list
		var parts []string
		for _, p := range list {
			parts = append(parts, fmt.Sprint(p))
		}
		msg = strings.Join(parts, "; ")
	}
	return &Error{Status: status, Message: msg, Body: raw}
}

func esc(s string) string { return url.PathEscape(s) }

// Hello tests the key: the sport it belongs to and who owns it.
func (c *Client) Hello(ctx context.Context) (sport, sub string, err error) {
	var h struct {
		Sport string `json:"sport"`
		Sub   string `json:"sub"`
	}
	err = c.get(ctx, "/hello", tournament.MaxUpstreamRecordBytes, &h)
	return h.Sport, h.Sub, err
}

// Tournaments lists the token's own tournaments (a public key gets a 403).
func (c *Client) Tournaments(ctx context.Context, limit, offset int) ([]ListItem, error) {
	var ws []wireListItem
	if err := c.get(ctx, fmt.Sprintf("/tournaments?limit=%d&offset=%d", limit, offset), tournament.MaxUpstreamRecordBytes, &ws); err != nil {
		return nil, err
	}
	out := make([]ListItem, len(ws))
	for i, w := range ws {
		out[i] = w.item()
	}
	return out, nil
}

// Tournament reads one tournament.
func (c *Client) Tournament(ctx context.Context, id string) (*wireTournament, error) {
	var t wireTournament
	if err := c.get(ctx, "/tournaments/"+esc(id), tournament.MaxUpstreamRecordBytes, &t); err != nil {
		return nil, err
	}
	if t.String() == "" {
		t.ID = id
	}
	return &t, nil
}

// Courts reads the courts with their current matches.
func (c *Client) Courts(ctx context.Context, id string) ([]wireCourt, error) {
	var cs []wireCourt
	err := c.get(ctx, "/tournaments/"+esc(id)+"/courts?includeMatchDetails=true", tournament.MaxUpstreamRecordBytes, &cs)
	return cs, err
}

// Match reads one match.
func (c *Client) Match(ctx context.Context, id, matchID string) (*wireMatch, error) {
	var m wireMatch
	if err := c.get(ctx, "/tournaments/"+esc(id)+"/matches/"+esc(matchID), tournament.MaxUpstreamRecordBytes, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// DisciplineMatches reads every match of a discipline, in tournament order.
func (c *Client) DisciplineMatches(ctx context.Context, id, disciplineID string) ([]wireMatch, error) {
	var ms []wireMatch
	err := c.get(ctx, "/tournaments/"+esc(id)+"/disciplines/"+esc(disciplineID)+"/matches", tournament.MaxUpstreamAnswerBytes, &ms)
	return ms, err
}

// DisciplineEntries reads the entries of a discipline.
func (c *Client) DisciplineEntries(ctx context.Context, id, disciplineID string) ([]*tournament.Entry, error) {
	var es []entry
	err := c.get(ctx, "/tournaments/"+esc(id)+"/discipline/"+esc(disciplineID)+"/entries", tournament.MaxUpstreamRecordBytes, &es)
	return entries(es), err
}

// GroupEntries reads the entries of a group.
func (c *Client) GroupEntries(ctx context.Context, id, groupID string) ([]*tournament.Entry, error) {
	var es []entry
	err := c.get(ctx, "/tournaments/"+esc(id)+"/group/"+esc(groupID)+"/entries", tournament.MaxUpstreamRecordBytes, &es)
	return entries(es), err
}

// Standings reads a group's table.
func (c *Client) Standings(ctx context.Context, id, groupID string) ([]tournament.Standing, error) {
	var raws []json.RawMessage
	if err := c.get(ctx, "/tournaments/"+esc(id)+"/groups/"+esc(groupID)+"/standings", tournament.MaxUpstreamRecordBytes, &raws); err != nil {
		return nil, err
	}
	out := make([]tournament.Standing, 0, len(raws))
	for _, raw := range raws {
		var s tournament.Standing
		var ids struct {
			wireID
			Entry struct {
				wireID
				Name string `json:"name"`
			} `json:"entry"`
		}
		if lenient(raw, &s) != nil || lenient(raw, &ids) != nil {
			continue
		}
		s.ID, s.Entry.ID, s.Entry.Name = ids.String(), ids.Entry.String(), ids.Entry.Name
		out = append(out, s)
	}
	return out, nil
}

// PutResult sends a result (final) or a live result on, as the body came,
// and returns the upstream's answer as it came.
func (c *Client) PutResult(ctx context.Context, id, matchID string, final bool, body []byte) (int, []byte, error) {
	path := "/tournaments/" + esc(id) + "/matches/" + esc(matchID) + "/live-result"
	if final {
		path = strings.TrimSuffix(path, "live-result") + "result"
	}
	if c.Gate != nil {
		release, err := c.Gate(ctx)
		if err != nil {
			return 0, nil, err
		}
		defer release()
	}
	resp, raw, err := c.do(ctx, http.MethodPut, path, body, tournament.MaxUpstreamRecordBytes)
	if err != nil {
		return 0, nil, err
	}
	return resp.StatusCode, raw, nil
}
