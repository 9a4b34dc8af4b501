package findings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tracelab/tracelab/internal/infile"
)

// StoredFile is the name of the stored matrix in a folder of saved
// ledgers (repro/ledgers): tracelab reproduce reads it from its --from
// folder and saves it with the ledgers.
const StoredFile = "findings.json"

// MaxStoredBytes bounds the size of a stored matrix that ReadStoredFile
// reads: 64 MiB, more than 400 times the committed findings.json (0.14 MB).
const MaxStoredBytes = 64 << 20

// ReadStoredFile reads the stored matrix of a folder of ledgers; ok is
// false when the folder has none. The file must be a regular file (a
// named pipe is refused, never waited on) of at most MaxStoredBytes; a
// JSON fault is reported with the file's path and line.
func ReadStoredFile(dir string) (s Stored, ok bool, err error) {
	path := filepath.Join(dir, StoredFile)
	b, err := infile.ReadFile(path, MaxStoredBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return Stored{}, false, nil
	}
	if err != nil {
		return Stored{}, false, fmt.Errorf("findings: %w", err)
	}
	s, err = ReadStored(bytes.NewReader(b))
	if err != nil {
		return Stored{}, false, infile.JSONError(path, b, err)
	}
	return s, true, nil
}

// Stored is a matrix saved with what made it: the commit and the hash of
// the code (internal/codehash over codehash.Dirs, as the papers' ledgers),
// the mode and the seed. It is what REPRODUCTION.md's section on the
// findings is written from, computing nothing again.
type Stored struct {
	Commit   string    `json:"commit"`
	CodeHash string    `json:"code_hash"`
	Mode     string    `json:"mode"`
	Seed     uint64    `json:"seed"`
	Logs     []LogInfo `json:"logs"`
	Results  []Result  `json:"results"`
}

// Matrix returns the stored results as a matrix.
func (s Stored) Matrix() Matrix { return NewMatrix(s.Logs, s.Results) }

// Store returns the matrix to save, with what made it.
func Store(m Matrix, commit, codeHash string, opts Options) Stored {
	return Stored{Commit: commit, CodeHash: codeHash, Mode: opts.Mode(), Seed: opts.seed(), Logs: m.Logs, Results: m.Results}
}

// WriteStored writes s as indented JSON, logs and results in the matrix's
// order, so that the file is stable.
func WriteStored(w io.Writer, s Stored) error {
	m := s.Matrix()
	s.Logs, s.Results = m.Logs, m.Results
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// ReadStored reads a matrix written by WriteStored; a result of an unknown
// finding or of a log not listed is an error.
func ReadStored(r io.Reader) (Stored, error) {
	var s Stored
	d := json.NewDecoder(r)
	d.DisallowUnknownFields()
	if err := d.Decode(&s); err != nil {
		return Stored{}, fmt.Errorf("findings: %w", err)
	}
	if s.Mode != "full" && s.Mode != "quick" {
		return Stored{}, fmt.Errorf("findings: stored mode %q (want full or quick)", s.Mode)
	}
	for _, r := range s.Results {
		if _, err := Lookup(r.Finding); err != nil {
			return Stored{}, err
		}
		if !slices.ContainsFunc(s.Logs, func(l LogInfo) bool { return l.Name == r.Log }) {
			return Stored{}, fmt.Errorf("findings: result of %s on %s, a log not listed", r.Finding, r.Log)
		}
	}
	if len(s.Results) == 0 {
		return Stored{}, errors.New("findings: no result stored")
	}
	return s, nil
}

// Markdown writes the section of REPRODUCTION.md on the findings: how they
// were measured, the matrix (findings × logs, logs grouped by era and kind
// of machine), and each finding's row read in words.
func (s Stored) Markdown(w io.Writer) error {
	m := s.Matrix()
	var b strings.Builder
	b.WriteString("<a id=\"findings\"></a>\n\n## Do the findings generalise?\n\n")
	fmt.Fprintf(&b, "The general claims of the five papers — statements about workloads, not about one log's numbers —\n"+
		"measured on every log we have: %d findings × %d logs (`repro/findings`; every finding with its paper,\n"+
		"section, statistic and rule: `tracelab findings list`). A finding *holds* when the log bears it out (at 95%%\n"+
		"where it is a statistic), *fails* when the log was measured and does not, and is *n/a* when the log lacks\n"+
		"what the claim is about (user ids, estimates, a machine size, enough weeks). Stored in\n"+
		"`repro/ledgers/findings.json` by `tracelab findings --save` (%s mode, seed %d", len(m.Findings), len(m.Logs), s.Mode, s.Seed)
	if s.Commit != "" {
		fmt.Fprintf(&b, ", commit `%s`", s.Commit)
	}
	b.WriteString("); notebook [08-findings.ipynb](notebooks/08-findings.ipynb).\n\n")

	b.WriteString("| finding | paper |")
	for _, l := range m.Logs {
		fmt.Fprintf(&b, " %s |", l.Name)
	}
	b.WriteString("\n|---|---|" + strings.Repeat("---|", len(m.Logs)) + "\n")
	b.WriteString("| *era, machine* | |")
	for _, l := range m.Logs {
		fmt.Fprintf(&b, " %s, %s |", l.Era, l.Kind)
	}
	b.WriteString("\n")
	for _, f := range m.Findings {
		fmt.Fprintf(&b, "| %s | %s %s |", f.ID, f.Paper, f.Section)
		for _, l := range m.Logs {
			r, ok := m.Result(f.ID, l.Name)
			cell := ""
			if ok {
				cell = Cell(r)
			}
			fmt.Fprintf(&b, " %s |", cell)
		}
		b.WriteString("\n")
	}
	b.WriteString("\nIn words (computed from the stored results):\n\n")
	for _, sentence := range m.Sentences() {
		b.WriteString("- " + mdEscape(sentence) + "\n")
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// mdEscape keeps a sentence from being read as Markdown markup.
func mdEscape(s string) string {
	var b bytes.Buffer
	for _, r := range s {
		if strings.ContainsRune("*_|`<", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
