package sacct

import (
	"strings"
	"testing"
	"time"
)

// TestLongLine: a line longer than MaxLine is refused as such, naming its
// line. Before, readLine stopped at MaxLine with bufio's own error, and the
// import said only "bufio: buffer full" (a 9 KB zstd file of one 300 MB
// line; hostile7, session 17). A line of MaxLine bytes is read (and then
// judged as a job line).
func TestLongLine(t *testing.T) {
	job := row("7", "2024-03-01T00:00:00", "None", "2024-03-01T00:01:00", "1", "1", "", "", "CANCELLED", "None assigned")
	for _, tc := range []struct {
		name, input, want string
	}{
		{"header line", strings.Repeat("a", MaxLine+1) + "\n", ":1: line longer than 1048576 bytes"},
		{"header line without end", strings.Repeat("a", 3*MaxLine), ":1: line longer than 1048576 bytes"},
		{"job line", header + job + strings.Repeat("1", MaxLine+1) + "\n" + job, ":3: line longer than 1048576 bytes"},
		{"job line of 2 MiB", header + job + strings.Repeat("1", 2*MaxLine) + "\n" + job, ":3: line longer than 1048576 bytes"},
		{"job line of MaxLine bytes", header + job + strings.Repeat("1", MaxLine) + "\n", ":3:"},
	} {
		_, err := Read(strings.NewReader(tc.input), Options{Location: time.UTC})
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "buffer full") ||
			strings.HasSuffix(tc.name, "MaxLine bytes") && strings.Contains(err.Error(), "longer than") {
			t.Errorf("%s: %v; want an error containing %q", tc.name, err, tc.want)
		}
	}
}
