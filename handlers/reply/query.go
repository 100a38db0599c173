package reply

import (
	"net/http"
	"strconv"
)

// MaxOffset is the largest list offset (and the last organizer page) served:
// far past any organizer's list, and small enough that no sum of offsets and
// limits can overflow.
const MaxOffset = 1_000_000

// QueryInt reads the optional query parameter name as a whole number from lo
// to hi, def when it is absent. Only digits are a number: no sign, no spaces,
// no overflow; anything else is a 400 that says what is allowed.
func QueryInt(r *http.Request, name string, lo, hi, def int) (int, error) {
	v := r.URL.Query()
	if !v.Has(name) {
		return def, nil
	}
	s := v.Get(name)
	bad := BadRequest("%s must be an integer from %d to %d", name, lo, hi)
	if s == "" || len(s) > len(strconv.Itoa(hi)) {
		return 0, bad
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, bad
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return 0, bad
	}
	return n, nil
}
