package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim/batsim"
)

// TestImportBatsimInputChecked: import batsim reads a workload whole
// (batsim.Read holds up to batsim.MaxBytes); what cannot be one is refused
// before that read: a regular file above MaxBytes by its size, and a file
// whose first byte after white space is not '{' at that byte (/dev/zero
// took 10 s and 2.1 GB before "larger than 1073741824 bytes", /dev/urandom
// more than 20 s). A workload after leading white space still imports, and
// Read's errors keep the file's own line numbers (nothing is consumed).
func TestImportBatsimInputChecked(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	w := filepath.Join(dir, "w.json")
	if _, _, err := runCLI(t, "export", "batsim", "-o", w); err != nil {
		t.Fatal(err)
	}
	work, err := os.ReadFile(w)
	if err != nil {
		t.Fatal(err)
	}
	swf := filepath.Join(dir, "log.swf")
	if err := datasets.WriteSWFFile(swf, datasets.Sample()); err != nil {
		t.Fatal(err)
	}
	// A sparse file one byte above the bound, starting as a workload.
	huge := writeTemp(t, dir, "huge.json", "{")
	if err := os.Truncate(huge, batsim.MaxBytes+1); err != nil {
		t.Fatal(err)
	}
	// The workload's first job broken, after three blank lines.
	broken := append([]byte("\n\n\n"), bytes.Replace(work, []byte(`"subtime"`), []byte(`"subtime":"x","y"`), 1)...)
	_, wantBroken := batsim.Read(bytes.NewReader(broken), filepath.Join(dir, "broken.json"))
	if wantBroken == nil || !strings.Contains(wantBroken.Error(), "line") {
		t.Fatalf("the broken workload read directly: %v, want an error naming its line", wantBroken)
	}
	tests := []struct {
		name, in, want string
	}{
		{"zeros", "/dev/zero", `not a Batsim workload (a JSON object, which begins with '{'): byte 0 is '\x00'`},
		{"an SWF log", swf, `byte 0 is ';'`},
		{"a word after white space", writeTemp(t, dir, "word.json", " \n\t nb_res"), "byte 4 is 'n'"},
		{"above the bound", huge, strconv.Itoa(batsim.MaxBytes+1) + " bytes, more than " + strconv.Itoa(batsim.MaxBytes)},
		{"leading white space", writeTemp(t, dir, "spaced.json", " \r\n\t"+string(work)), ""},
		{"a broken job after blank lines", writeTemp(t, dir, "broken.json", string(broken)), wantBroken.Error()},
		{"empty", writeTemp(t, dir, "empty.json", ""), "the file ends before the workload does"},
		{"white space only", writeTemp(t, dir, "blank.json", "\n \n"), "the file ends before the workload does"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if _, err := os.Stat(tc.in); err != nil {
				t.Skip(err)
			}
			out := filepath.Join(t.TempDir(), "out.swf")
			_, _, err := runCLI(t, "import", "batsim", tc.in, "-o", out)
			wantError(t, err, tc.want)
			if _, serr := os.Stat(out); (serr == nil) != (tc.want == "") {
				t.Errorf("output written: %v, want %v", serr == nil, tc.want == "")
			}
		})
	}
}
