package plots

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/tracelab/tracelab/datasets"
)

var (
	// pwaName is a log name of the Parallel Workloads Archive:
	// NAME-YEAR-VERSION[-cln], e.g. SDSC-Par-1996-3.1-cln.
	pwaName = regexp.MustCompile(`^(.+?)-((?:19|20)\d\d)-\d+(?:\.\d+)*(?:-cln)?$`)
	// seedPart is a number of 8 or more digits that ends a name (a seed)
	// with its separator.
	seedPart  = regexp.MustCompile(`[-_ ]\d{8,}$`)
	fileExts  = []string{".gz", ".swf", ".csv", ".json", ".parquet", ".txt"}
	separator = regexp.MustCompile(`[-_ ]+`)
	// columnName is a snake_case column name of letters.
	columnName = regexp.MustCompile(`^[a-z]+(_[a-z0-9]*[a-z][a-z0-9]*)+$`)
)

// Label is the one naming function of the figures: it turns the name of
// a log, a file or a generated trace into words for a title or a legend —
// never a file name, never a seed:
//
//	KTH-SP2-1996-2.1-cln                                 KTH-SP2
//	/data/KTH-SP2-1996-2.1-cln.swf.gz                    KTH-SP2
//	SDSC-Par-1996-3.1-cln                                SDSC-Par-1996 (the archive has SDSC-Par-1995 too)
//	LANL-CM5-1994-4.1-cln-resampled-1448545751155262862  LANL-CM5 resampled
//
// Column and attribute names become words:
//
//	req_time       requested runtime
//	procs          processors
//	avg_slowdown   average slowdown
//
// A log of the archive keeps its year only where the archive has another
// log of the same name. Number several variants with Numbered.
func Label(name string) string {
	if name == "" {
		return ""
	}
	if w, ok := words[name]; ok {
		return w
	}
	// A note in parentheses stays as it is: "LANL-CM5-1994-4.1-cln (1996)".
	if i := strings.Index(name, " ("); i > 0 && strings.HasSuffix(name, ")") {
		return Label(name[:i]) + name[i:]
	}
	s := filepath.Base(name)
	for changed := true; changed; {
		changed = false
		for _, ext := range fileExts {
			if strings.HasSuffix(strings.ToLower(s), ext) {
				s, changed = s[:len(s)-len(ext)], true
			}
		}
	}
	for seedPart.MatchString(s) {
		s = seedPart.ReplaceAllString(s, "")
	}
	// A suffix after the archive's name ("-resampled", "-x5") becomes words.
	base, rest := s, ""
	for i := len(s); i > 0; i = strings.LastIndexByte(s[:i], '-') {
		if m := pwaName.FindStringSubmatch(s[:i]); m != nil {
			base, rest = shortLogName(m[1], m[2]), s[i:]
			break
		}
	}
	if rest == "" && base == s && columnName.MatchString(s) {
		// A column name: its words.
		var ws []string
		for _, w := range strings.Split(s, "_") {
			if r, ok := words[w]; ok {
				w = r
			}
			ws = append(ws, w)
		}
		return strings.Join(ws, " ")
	}
	rest = strings.TrimSpace(separator.ReplaceAllString(rest, " "))
	if rest == "" {
		return base
	}
	return base + " " + rest
}

// words are the names of columns and attributes (datasets.Attribute, job
// frame columns, metrics), and parts of them, in words.
var words = map[string]string{
	"procs":        "processors",
	"long_term":    "long-term",
	"req_time":     "requested runtime",
	"req_procs":    "requested processors",
	"runtime":      "runtime",
	"interarrival": "interarrival time",
	"cpu_time":     "CPU time",
	"avg":          "average",
	"util":         "utilisation",
	"p90":          "90th percentile",
}

// shortLogName is an archive log's name, with its year where the archive
// has another log of that name.
func shortLogName(name, year string) string {
	n := 0
	for _, e := range datasets.Catalog() {
		if m := pwaName.FindStringSubmatch(e.Name); m != nil && m[1] == name {
			n++
		}
	}
	if n > 1 {
		return name + "-" + year
	}
	return name
}

// Numbered returns the label of the i-th (from 1) of several variants
// called label: "resampled 3".
func Numbered(label string, i int) string {
	return fmt.Sprintf("%s %d", label, i)
}

// Count writes a count of jobs, users, … with thousands separators, as the
// figures' titles and captions give them: 243,306; −1,000.
func Count(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "−" + s
	}
	return s
}
