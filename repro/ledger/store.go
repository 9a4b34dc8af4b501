package ledger

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/tracelab/tracelab/internal/infile"
	"github.com/tracelab/tracelab/internal/outfile"
)

// Store is a folder of recorded entries, so that a paper's ledger can be
// assembled from results computed by separate programs — each notebook
// cell runs as its own program — without computing anything again. It has
// one subfolder per paper key and one JSON file per recorded group of
// entries, named by a hash of the group's ids, so that recording the same
// group again replaces it — and run.json, how the run that recorded them
// was made (Begin, Run).
type Store struct {
	Dir string
}

type recorded struct {
	Recorded time.Time `json:"recorded"`
	Entries  []Entry   `json:"entries"`
}

// Run says how the entries recorded for a paper were made.
type Run struct {
	Mode    string    `json:"mode"`             // "quick" or "full"
	Commit  string    `json:"commit,omitempty"` // the code's commit, when known
	Started time.Time `json:"started"`
}

// maxRecord bounds the size of a file of the store (a group of entries,
// a Run): 64 MiB, far above any paper's ledger.
const maxRecord = 64 << 20

// runFile is the name of a paper's Run in its folder (never a record: those
// are named by a hash).
const runFile = "run.json"

// Begin starts a new run of paper: it removes everything recorded for it
// and saves r.
func (s Store) Begin(paper string, r Run) error {
	if err := s.Reset(paper); err != nil {
		return err
	}
	if err := os.MkdirAll(s.paperDir(paper), 0o755); err != nil {
		return fmt.Errorf("ledger: %w", err)
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("ledger: %w", err)
	}
	return s.write(paper, runFile, b)
}

// Run returns the run saved by Begin for paper; ok is false when there is
// none (nothing recorded, or recorded without Begin).
func (s Store) Run(paper string) (r Run, ok bool, err error) {
	b, err := infile.ReadFile(filepath.Join(s.paperDir(paper), runFile), maxRecord)
	if errors.Is(err, fs.ErrNotExist) {
		return Run{}, false, nil
	}
	if err == nil {
		err = json.Unmarshal(b, &r)
	}
	if err != nil {
		return Run{}, false, fmt.Errorf("ledger: run of %s: %w", paper, err)
	}
	return r, true, nil
}

// Reset removes everything recorded for paper.
func (s Store) Reset(paper string) error {
	if err := os.RemoveAll(s.paperDir(paper)); err != nil {
		return fmt.Errorf("ledger: %w", err)
	}
	return nil
}

func (s Store) paperDir(paper string) string {
	if s.Dir == "" || paper == "" || strings.ContainsAny(paper, `/\.`) {
		panic("ledger: Store needs a folder and a plain paper key")
	}
	return filepath.Join(s.Dir, paper)
}

// Record saves a group of entries of paper, replacing an earlier record of
// the same ids. An empty group records nothing.
func (s Store) Record(paper string, entries []Entry) error {
	if len(entries) == 0 {
		return nil
	}
	ids := make([]string, len(entries))
	for i, e := range entries {
		if e.Paper != paper {
			return fmt.Errorf("ledger: entry %s of paper %q recorded under %q", e.ID, e.Paper, paper)
		}
		ids[i] = e.ID
	}
	slices.Sort(ids)
	h := sha256.Sum256([]byte(strings.Join(ids, "\n")))
	dir := s.paperDir(paper)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("ledger: %w", err)
	}
	b, err := json.MarshalIndent(recorded{Recorded: time.Now().UTC(), Entries: entries}, "", "  ")
	if err != nil {
		return fmt.Errorf("ledger: %w", err)
	}
	return s.write(paper, hex.EncodeToString(h[:8])+".json", b)
}

// write saves b as the file name of paper's folder, replacing it atomically
// (a path that is not a regular file, such as a planted named pipe or
// link, is refused: outfile.WriteState).
func (s Store) write(paper, name string, b []byte) error {
	if err := outfile.WriteState(filepath.Join(s.paperDir(paper), name), b, 0o644); err != nil {
		return fmt.Errorf("ledger: recording %s: %w", paper, err)
	}
	return nil
}

// Read returns every entry recorded for paper, in the order the groups
// were recorded; an id recorded twice keeps its first place and its latest
// value. Entries are validated (Validate) and discrimination is marked over
// the whole ledger (MarkDiscrimination). A paper with nothing recorded
// gives no entries and no error.
func (s Store) Read(paper string) ([]Entry, error) {
	files, err := filepath.Glob(filepath.Join(s.paperDir(paper), "*.json"))
	if err != nil {
		return nil, fmt.Errorf("ledger: %w", err)
	}
	var groups []recorded
	for _, f := range files {
		if filepath.Base(f) == runFile {
			continue
		}
		b, err := infile.ReadFile(f, maxRecord) // never a FIFO, which would block
		if err != nil {
			return nil, fmt.Errorf("ledger: %w", err)
		}
		var r recorded
		if err := json.Unmarshal(b, &r); err != nil {
			return nil, fmt.Errorf("ledger: %s: %w", f, err)
		}
		groups = append(groups, r)
	}
	slices.SortStableFunc(groups, func(a, b recorded) int { return a.Recorded.Compare(b.Recorded) })
	pos := map[string]int{}
	var out []Entry
	for _, g := range groups {
		for _, e := range g.Entries {
			if i, ok := pos[e.ID]; ok {
				out[i] = e
				continue
			}
			pos[e.ID] = len(out)
			out = append(out, e)
		}
	}
	if errs := Validate(out); len(errs) > 0 {
		return nil, fmt.Errorf("ledger: recorded in %s: %w", s.paperDir(paper), errors.Join(errs...))
	}
	for _, e := range out {
		if e.Paper != paper {
			return nil, fmt.Errorf("ledger: entry %s of paper %q recorded under %q", e.ID, e.Paper, paper)
		}
	}
	MarkDiscrimination(out)
	return out, nil
}
