package datasets

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Header holds the directives of an SWF header (lines "; Key: value" before
// the first job). Typed fields hold the standard directives; zero means
// absent. Unknown directives and free comment lines are kept, in order, so a
// header survives a read → write → read round trip.
type Header struct {
	Version        string
	Computer       string
	Installation   string
	Acknowledge    string
	Information    string
	Conversion     string
	MaxJobs        int
	MaxRecords     int
	Preemption     string
	UnixStartTime  int64  // the log's time 0, seconds since the Unix epoch (UTC)
	TimeZone       int    // obsolete offset in seconds (TimeZoneString supersedes it)
	TimeZoneString string // IANA zone name, e.g. "Europe/Stockholm"
	StartTime      string
	EndTime        string
	MaxNodes       int
	MaxProcs       int
	MaxRuntime     int64 // seconds
	MaxMemory      int64 // KB
	AllowOveruse   string
	MaxQueues      int
	Queues         string
	MaxPartitions  int
	Partitions     string
	// Notes holds every "Note:" directive, in order.
	Notes []string
	// Extra holds directives with unknown keys, in order.
	Extra []Directive
	// Comments holds the header's lines that are not directives, without the
	// leading ';' (and one following space), in order.
	Comments []string
	// Lines holds the header's lines as read (without the leading ';'), so
	// an unchanged header is written back verbatim. Nil for a built header.
	Lines []string
}

// Directive is one "; Key: value" header line.
type Directive struct{ Key, Value string }

// Clone returns a deep copy.
func (h Header) Clone() Header {
	h.Notes = slices.Clone(h.Notes)
	h.Extra = slices.Clone(h.Extra)
	h.Comments = slices.Clone(h.Comments)
	h.Lines = slices.Clone(h.Lines)
	return h
}

type headerField struct {
	key string
	str func(h *Header) *string
	num func(h *Header) *int64
	in  func(h *Header) *int
}

// headerFields lists the standard directives in the order the writer emits
// them (the order of the SWF definition).
var headerFields = []headerField{
	{key: "Version", str: func(h *Header) *string { return &h.Version }},
	{key: "Computer", str: func(h *Header) *string { return &h.Computer }},
	{key: "Installation", str: func(h *Header) *string { return &h.Installation }},
	{key: "Acknowledge", str: func(h *Header) *string { return &h.Acknowledge }},
	{key: "Information", str: func(h *Header) *string { return &h.Information }},
	{key: "Conversion", str: func(h *Header) *string { return &h.Conversion }},
	{key: "MaxJobs", in: func(h *Header) *int { return &h.MaxJobs }},
	{key: "MaxRecords", in: func(h *Header) *int { return &h.MaxRecords }},
	{key: "Preemption", str: func(h *Header) *string { return &h.Preemption }},
	{key: "UnixStartTime", num: func(h *Header) *int64 { return &h.UnixStartTime }},
	{key: "TimeZone", in: func(h *Header) *int { return &h.TimeZone }},
	{key: "TimeZoneString", str: func(h *Header) *string { return &h.TimeZoneString }},
	{key: "StartTime", str: func(h *Header) *string { return &h.StartTime }},
	{key: "EndTime", str: func(h *Header) *string { return &h.EndTime }},
	{key: "MaxNodes", in: func(h *Header) *int { return &h.MaxNodes }},
	{key: "MaxProcs", in: func(h *Header) *int { return &h.MaxProcs }},
	{key: "MaxRuntime", num: func(h *Header) *int64 { return &h.MaxRuntime }},
	{key: "MaxMemory", num: func(h *Header) *int64 { return &h.MaxMemory }},
	{key: "AllowOveruse", str: func(h *Header) *string { return &h.AllowOveruse }},
	{key: "MaxQueues", in: func(h *Header) *int { return &h.MaxQueues }},
	{key: "Queues", str: func(h *Header) *string { return &h.Queues }},
	{key: "MaxPartitions", in: func(h *Header) *int { return &h.MaxPartitions }},
	{key: "Partitions", str: func(h *Header) *string { return &h.Partitions }},
}

var headerFieldByKey = func() map[string]headerField {
	m := make(map[string]headerField, len(headerFields))
	for _, f := range headerFields {
		m[strings.ToLower(f.key)] = f
	}
	return m
}()

// headerIssue is a directive that parseHeader ignored (its value is out of
// range) or doubts; the reader reports it as a WarnHeader warning.
type headerIssue struct {
	index int // into the header's lines
	key   string
	value string
	msg   string
}

// parseHeader builds a header from comment lines (each without its leading
// ';'). A line indented by more than one space that follows a text directive
// continues it (as "Information:" and "Note:" do in PWA logs). A standard
// numeric directive must hold a base-10 integer (followed by free text, as
// in "MaxNodes: 70 (dual)"); a negative machine size is an error too. Both
// errors return the index of the line. A value out of range is ignored
// (left zero) and listed in the issues, and so is an explicit machine size
// of 0. parseHeader is deterministic, so a header read from lines and parsed
// again compares equal (Text relies on it).
func parseHeader(lines []string) (Header, []headerIssue, int, error) {
	var h Header
	var issues []headerIssue
	h.Lines = slices.Clone(lines)
	var last *string // the text directive a continuation line extends
	for i, text := range lines {
		body := strings.TrimPrefix(text, " ")
		trimmed := strings.TrimSpace(body)
		if last != nil && trimmed != "" && body != trimmed && (body[0] == ' ' || body[0] == '\t') {
			*last += "\n" + trimmed
			continue
		}
		last = nil
		colon := strings.IndexByte(trimmed, ':')
		if colon <= 0 || strings.ContainsAny(trimmed[:colon], " \t") {
			h.Comments = append(h.Comments, body)
			continue
		}
		key, value := trimmed[:colon], strings.TrimSpace(trimmed[colon+1:])
		if strings.EqualFold(key, "Note") {
			h.Notes = append(h.Notes, value)
			last = &h.Notes[len(h.Notes)-1]
			continue
		}
		f, ok := headerFieldByKey[strings.ToLower(key)]
		if !ok {
			h.Extra = append(h.Extra, Directive{Key: key, Value: value})
			last = &h.Extra[len(h.Extra)-1].Value
			continue
		}
		switch {
		case f.str != nil:
			p := f.str(&h)
			if *p != "" { // a repeated text directive continues the first
				*p += "\n" + value
			} else {
				*p = value
			}
			last = p
		default:
			v, err := strconv.ParseInt(strings.Fields(value + " x")[0], 10, 64)
			if err != nil || value == "" {
				return h, issues, i, fmt.Errorf("header directive %s: %q is not an integer", f.key, value)
			}
			v, msg, err := checkDirective(f.key, v)
			if err != nil {
				return h, issues, i, err
			}
			if msg != "" {
				issues = append(issues, headerIssue{index: i, key: f.key, value: value, msg: msg})
			}
			if f.num != nil {
				*f.num(&h) = v
			} else {
				*f.in(&h) = int(v)
			}
		}
	}
	return h, issues, -1, nil
}

// checkDirective checks the value of a numeric directive. It returns the
// value to keep (0, absent, for a value out of range) and a message when
// the value is ignored or doubtful, or an error for a negative machine size.
func checkDirective(key string, v int64) (int64, string, error) {
	switch key {
	case "MaxProcs", "MaxNodes":
		if v < 0 {
			return 0, "", fmt.Errorf("header directive %s: %d: a machine size cannot be negative", key, v)
		}
		if v == 0 {
			return 0, "0 gives no machine size: the widest job in the log stands in for it", nil
		}
	case "UnixStartTime":
		if v < -MaxTime || v > MaxTime {
			return 0, fmt.Sprintf("%d s is more than 200 years from 1970: ignored, times count from 1970-01-01 UTC", v), nil
		}
	case "TimeZone":
		if v < -maxTimeZoneOffset || v > maxTimeZoneOffset {
			return 0, fmt.Sprintf("an offset of %d s is not a time zone: ignored", v), nil
		}
	case "MaxRuntime":
		if v < 0 || v > MaxDuration {
			return 0, fmt.Sprintf("%d s is outside 0 … 100 years: ignored", v), nil
		}
	case "MaxMemory":
		if v < 0 || v > MaxMemoryKB {
			return 0, fmt.Sprintf("%d KB is outside 0 … 2^53 KB: ignored", v), nil
		}
	default: // counts: MaxJobs, MaxRecords, MaxQueues, MaxPartitions
		if v < 0 {
			return 0, fmt.Sprintf("a count cannot be negative (%d): ignored", v), nil
		}
	}
	return v, "", nil
}

// Text returns the header as SWF comment lines (without newlines). When the
// header was read from a file and its fields are unchanged, these are the
// file's own lines, verbatim; otherwise they are generated: the standard
// directives in the definition's order, notes, unknown directives and free
// comments.
func (h Header) Text() []string {
	if h.Lines != nil {
		if parsed, _, _, err := parseHeader(h.Lines); err == nil && reflect.DeepEqual(parsed, h) {
			out := make([]string, len(h.Lines))
			for i, l := range h.Lines {
				out[i] = ";" + l
			}
			return out
		}
	}
	g := h
	g.Lines = nil
	return g.lines()
}

// lines generates the header's comment lines from its fields.
func (h Header) lines() []string {
	var out []string
	for _, f := range headerFields {
		switch {
		case f.str != nil:
			if v := *f.str(&h); v != "" {
				out = appendDirective(out, f.key, v)
			}
		case f.num != nil:
			if v := *f.num(&h); v != 0 {
				out = append(out, "; "+f.key+": "+strconv.FormatInt(v, 10))
			}
		case f.in != nil:
			if v := *f.in(&h); v != 0 {
				out = append(out, "; "+f.key+": "+strconv.Itoa(v))
			}
		}
	}
	for _, n := range h.Notes {
		out = appendDirective(out, "Note", n)
	}
	for _, d := range h.Extra {
		out = appendDirective(out, d.Key, d.Value)
	}
	for _, c := range h.Comments {
		if c == "" {
			out = append(out, ";")
		} else {
			out = append(out, "; "+c)
		}
	}
	return out
}

// appendDirective writes "; Key: value", a multi-line value as indented
// continuation lines.
func appendDirective(out []string, key, value string) []string {
	parts := strings.Split(value, "\n")
	out = append(out, "; "+key+": "+parts[0])
	for _, p := range parts[1:] {
		out = append(out, ";       "+p)
	}
	return out
}
