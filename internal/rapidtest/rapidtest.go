package rapidtest

import (
	"fmt"
	"strings"

	"pgregory.net/rapid"
)

// Check is rapid.Check(t, prop), failing t when one of the test's saved
// failure files (testdata/rapid/<test name>/*.fail, relative to the
// package folder) is not replayed. The files that are replayed must pass,
// as in rapid.Check.
func Check(t rapid.TB, prop func(*rapid.T)) {
	t.Helper()
	rapid.Check(strict{t}, prop)
}

// notReplayed are the starts of rapid's log lines for a failure file it
// skips (pgregory.net/rapid v1.2.0, engine.go checkFailFile).
var notReplayed = []string{"[rapid] ignoring fail file", "[rapid] fail file"}

// strict is a rapid.TB whose log lines about skipped failure files are
// errors.
type strict struct{ rapid.TB }

func (s strict) Logf(format string, args ...any) {
	s.TB.Helper()
	msg := fmt.Sprintf(format, args...)
	for _, p := range notReplayed {
		if strings.HasPrefix(msg, p) {
			s.TB.Errorf("%s: a saved failure case is not replayed; regenerate or remove it on purpose", msg)
			return
		}
	}
	s.TB.Logf("%s", msg)
}
