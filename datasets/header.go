package datasets

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
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

// headerFieldByKey maps a directive's key, in lower case, to its index in
// headerFields.
var headerFieldByKey = func() map[string]int {
	m := make(map[string]int, len(headerFields))
	for k, f := range headerFields {
		m[strings.ToLower(f.key)] = k
	}
	return m
}()

// get returns the value of a numeric directive.
func (f headerField) get(h *Header) int64 {
	if f.num != nil {
		return *f.num(h)
	}
	return int64(*f.in(h))
}

// put sets the value of a numeric directive.
func (f headerField) put(h *Header, v int64) {
	if f.num != nil {
		*f.num(h) = v
	} else {
		*f.in(h) = int(v)
	}
}

// headerIssue is a directive whose value parseHeader did not use, or
// doubts; the reader reports it as a WarnHeader warning.
type headerIssue struct {
	index int // into the header's lines
	key   string
	value string
	msg   string
}

// parseHeader builds a header from comment lines (each without its leading
// ';'). A line indented by more than one space that follows a text directive
// continues it (as "Information:" and "Note:" do in PWA logs), unless it is
// a standard directive or a note ("   MaxProcs: 128"); a repeated text
// directive continues the first too.
//
// A header directive never makes a log unreadable. A standard numeric
// directive is used when its value starts with a base-10 integer within its
// range; free text after the integer is a comment, as in the archive's
// "MaxNodes: 400 (48 interactive, 352 batch, ...)". A value that is not
// used is kept, as written, among the unknown directives (Extra), so a
// written header still carries it, and listed in the issues: text where a
// number belongs ("MaxRuntime: N/A"), a value out of range, a negative or
// zero machine size, and every repetition of a directive whose value is
// already set (the first usable value wins: "MaxQueues: 4" then
// "MaxQueues: 3" gives 4 and keeps "3" as text). A MaxProcs below MaxNodes
// is kept, and listed in the issues. StartTime gives UnixStartTime when
// that is absent, and is checked against it otherwise (startTimeIssues).
// parseHeader is
// deterministic, so a header read from lines and parsed again compares
// equal (Text relies on it).
func parseHeader(lines []string) (Header, []headerIssue) {
	var h Header
	var issues []headerIssue
	h.Lines = slices.Clone(lines)
	var last *string                       // the text directive a continuation line extends
	set := make([]bool, len(headerFields)) // a numeric directive has its value
	at := make([]int, len(headerFields))   // the line that set it
	for i, text := range lines {
		body := strings.TrimPrefix(text, " ")
		trimmed := strings.TrimSpace(body)
		if last != nil && trimmed != "" && body != trimmed && (body[0] == ' ' || body[0] == '\t') && !isDirectiveLine(trimmed) {
			*last += "\n" + trimmed
			continue
		}
		last = nil
		colon := strings.IndexByte(trimmed, ':')
		// Blanks before the colon ("MaxProcs : 128") are spacing, not a
		// key of several words: a key is one word.
		key := ""
		if colon > 0 {
			key = strings.TrimRight(trimmed[:colon], " \t")
		}
		if key == "" || strings.ContainsAny(key, " \t") {
			h.Comments = append(h.Comments, body)
			continue
		}
		value := strings.TrimSpace(trimmed[colon+1:])
		if strings.EqualFold(key, "Note") {
			h.Notes = append(h.Notes, value)
			last = &h.Notes[len(h.Notes)-1]
			continue
		}
		k, ok := headerFieldByKey[strings.ToLower(key)]
		if !ok {
			h.Extra = append(h.Extra, Directive{Key: key, Value: value})
			last = &h.Extra[len(h.Extra)-1].Value
			continue
		}
		f := headerFields[k]
		if f.str != nil {
			p := f.str(&h)
			switch {
			case *p == "":
				*p = value
			case value != "": // a repeated directive continues the first
				*p += "\n" + value
			}
			last = p
			continue
		}
		v, msg := numericDirective(f.key, value)
		if msg == "" && set[k] {
			msg = fmt.Sprintf("repeated: the first value, %d, is used; this one is kept as text", f.get(&h))
		}
		if msg != "" {
			issues = append(issues, headerIssue{index: i, key: f.key, value: value, msg: msg})
			h.Extra = append(h.Extra, Directive{Key: key, Value: value})
			continue
		}
		set[k] = true
		f.put(&h, v)
		at[k] = i
	}
	ku := headerFieldByKey["unixstarttime"]
	issues = append(issues, h.startTimeIssues(set[ku], lines)...)
	if is, ok := h.startRangeIssue(); ok {
		// A reader's warning keeps the first message of a directive:
		// this one comes first, or, when StartTime gave the value, ends
		// that message.
		first := slices.IndexFunc(issues, func(x headerIssue) bool { return x.key == is.key })
		switch {
		case !set[ku] && first >= 0:
			issues[first].msg += "; " + is.msg
		case first >= 0:
			is.index = at[ku]
			issues = slices.Insert(issues, first, is)
		default:
			is.index = at[ku]
			issues = append(issues, is)
		}
	}
	if kp, kn := headerFieldByKey["maxprocs"], headerFieldByKey["maxnodes"]; set[kp] && set[kn] && h.MaxProcs < h.MaxNodes {
		issues = append(issues, headerIssue{index: at[kp], key: "MaxProcs", value: strconv.Itoa(h.MaxProcs),
			msg: fmt.Sprintf("%d processors is below MaxNodes %d (SWF 2.1: MaxProcs counts the processors of SMP nodes, at least one a node): both kept; MaxProcs is the machine size (are the two swapped?)", h.MaxProcs, h.MaxNodes)})
	}
	for _, k := range []string{"maxprocs", "maxnodes"} {
		i := headerFieldByKey[k]
		if f := headerFields[i]; set[i] && f.get(&h) > largeMachine {
			v := f.get(&h)
			issues = append(issues, headerIssue{index: at[i], key: f.key, value: strconv.FormatInt(v, 10),
				msg: fmt.Sprintf("%d is more than %d processors, more than any machine has (a typo, or another count?): kept; a simulation refuses it unless given a size (--procs)", v, largeMachine)})
		}
	}
	return h, issues
}

// largeMachine bounds the machine sizes a header gives without a warning:
// 2^24 processors, the most a simulation takes (sim.MaxProcs; the largest
// machines have about 10^7 cores). A MaxProcs of 99999999999 was kept
// silently, and every simulation refused the log.
const largeMachine = 1 << 24

// isDirectiveLine reports whether a header line (trimmed, without its ';')
// is a standard directive or a note: "Key: ..." with a key of
// headerFields or "Note", in any case, blanks allowed before the colon.
func isDirectiveLine(trimmed string) bool {
	colon := strings.IndexByte(trimmed, ':')
	if colon <= 0 {
		return false
	}
	key := strings.ToLower(strings.TrimRight(trimmed[:colon], " \t"))
	_, ok := headerFieldByKey[key]
	return ok || key == "note"
}

// numericDirective reads the value of a standard numeric directive: a
// base-10 integer, optionally followed by free text; an integer written
// with a decimal point or an exponent ("128.0", "8.4348e8") is one too,
// as in the job fields. It returns the value to use, or a message saying
// why the value is not used.
//
// As real logs write numbers, a value with digit groups ("1,024",
// "93,312") is read as the integer, and a unit glued to the number
// ("3600s", "32GB") is read as a unit written after it; a comma or
// semicolon ending the number ("338, batch partition") ends it. Other
// forms ("1,5", "1.024") are not clear and stay text.
func numericDirective(key, value string) (int64, string) {
	tok := strings.Fields(value + " x")[0]
	unit := unitAfter(value)
	if n, u, ok := splitUnit(tok); ok {
		tok, unit = n, u
	}
	tok = strings.TrimRight(tok, ",;")
	if g, ok := ungroup(tok); ok {
		tok = g
	}
	v, err := strconv.ParseInt(tok, 10, 64)
	if err != nil && isDecimal([]byte(tok)) {
		if f, ferr := strconv.ParseFloat(tok, 64); ferr == nil && f == math.Trunc(f) && math.Abs(f) < 1<<63 {
			v, err = int64(f), nil
		}
	}
	if err != nil || value == "" {
		var ne *strconv.NumError
		if errors.As(err, &ne) && errors.Is(ne.Err, strconv.ErrRange) {
			return 0, fmt.Sprintf("%s is beyond the integers of 64 bits: ignored, kept as text", tok)
		}
		return 0, fmt.Sprintf("%q is not an integer: ignored, kept as text", value)
	}
	switch key {
	case "MaxProcs", "MaxNodes":
		if v < 0 {
			return 0, fmt.Sprintf("%d: a machine size cannot be negative: ignored, kept as text", v)
		}
		if v == 0 {
			return 0, "0 gives no machine size: ignored; the widest job in the log stands in for it"
		}
	case "UnixStartTime":
		if v < -MaxTime || v > MaxTime {
			return 0, fmt.Sprintf("%d s is more than 200 years from 1970: ignored, times count from 1970-01-01 UTC", v)
		}
	case "TimeZone":
		if v < -maxTimeZoneOffset || v > maxTimeZoneOffset {
			return 0, fmt.Sprintf("an offset of %d s is not a time zone: ignored", v)
		}
	case "MaxRuntime":
		if u := unit; u != "" && !slices.Contains(secondWords, u) {
			return 0, fmt.Sprintf("%q is in %s, not seconds: ignored, kept as text", value, u)
		}
		if v < 0 || v > MaxDuration {
			return 0, fmt.Sprintf("%d s is outside 0 … 100 years: ignored", v)
		}
	case "MaxMemory":
		if u := unit; u != "" && !slices.Contains(kilobyteWords, u) {
			return 0, fmt.Sprintf("%q is in %s, not kilobytes: ignored, kept as text", value, u)
		}
		if v < 0 || v > MaxMemoryKB {
			return 0, fmt.Sprintf("%d KB is outside 0 … 2^53 KB: ignored", v)
		}
	default: // counts: MaxJobs, MaxRecords, MaxQueues, MaxPartitions
		if v < 0 {
			return 0, fmt.Sprintf("a count cannot be negative (%d): ignored", v)
		}
	}
	return v, ""
}

// Text returns the header as SWF comment lines (without newlines). When the
// header was read from a file and its fields are unchanged, these are the
// file's own lines, verbatim; otherwise they are generated: free comments,
// the standard directives in the definition's order, notes and unknown
// directives.
func (h Header) Text() []string {
	if h.Lines != nil {
		if parsed, _ := parseHeader(h.Lines); reflect.DeepEqual(parsed, h) {
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

// lines generates the header's comment lines from its fields: the free
// comments first (after a text directive, a comment indented by a space
// would read back as its continuation), then the standard directives in
// the definition's order, notes and unknown directives.
func (h Header) lines() []string {
	var out []string
	for _, c := range h.Comments {
		if c == "" {
			out = append(out, ";")
		} else {
			out = append(out, "; "+c)
		}
	}
	for _, f := range headerFields {
		switch {
		case f.str != nil:
			if v := *f.str(&h); v != "" {
				out = appendText(out, f.key, v)
			}
		case f.num != nil:
			if v := *f.num(&h); v != 0 || f.key == "UnixStartTime" && h.startTimeImplied() || h.setToZero(f.key) {
				out = append(out, "; "+f.key+": "+strconv.FormatInt(v, 10))
			}
		case f.in != nil:
			if v := *f.in(&h); v != 0 || h.setToZero(f.key) {
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
	return out
}

// setToZero reports whether the standard numeric directive key was set to
// 0: 0 is a usable value of it and an unknown directive (Extra) repeats it
// with a usable value, which only a repetition of a directive already set
// is ("MaxJobs: 0" twice gives MaxJobs 0 and the second kept as text).
// lines then writes "key: 0" before the repetition, so that it reads back
// as a repetition again.
func (h Header) setToZero(key string) bool {
	if _, msg := numericDirective(key, "0"); msg != "" {
		return false
	}
	for _, d := range h.Extra {
		if strings.EqualFold(d.Key, key) {
			if _, msg := numericDirective(key, d.Value); msg == "" {
				return true
			}
		}
	}
	return false
}

// appendText writes a standard text directive as appendDirective does,
// but a line of a multi-line value that would read back as a directive of
// its own ("Computer: IBM" repeated as "Computer: MaxProcs: 5") as the
// directive repeated, which continues the value too.
func appendText(out []string, key, value string) []string {
	parts := strings.Split(value, "\n")
	from := 0
	for i := 1; i <= len(parts); i++ {
		if i == len(parts) || isDirectiveLine(strings.TrimSpace(parts[i])) {
			out = appendDirective(out, key, strings.Join(parts[from:i], "\n"))
			from = i
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

// unitAfter returns the word written right after a directive's number, in
// lower case, when it is a unit of time or memory ("18 hours", "32 GB"),
// else "". MaxRuntime is in seconds and MaxMemory in kilobytes (SWF); a
// value written in another unit is not used, rather than read as 18 s or
// 32 KB. Free text that is not a unit ("400 (48 interactive, …)") is a
// comment, as before.
func unitAfter(value string) string {
	f := strings.Fields(value)
	if len(f) < 2 {
		return ""
	}
	u := strings.ToLower(strings.TrimRight(f[1], ".,;)"))
	if slices.Contains(unitWords, u) {
		return u
	}
	return ""
}

// ungroup returns an integer written with digit groups of three separated
// by commas ("1,024", "-93,312") without its commas; ok is false for any
// other token ("1,5", "1,0240", "1024").
func ungroup(tok string) (string, bool) {
	sign := ""
	if tok != "" && (tok[0] == '-' || tok[0] == '+') {
		sign, tok = tok[:1], tok[1:]
	}
	groups := strings.Split(tok, ",")
	if len(groups) < 2 || len(groups[0]) < 1 || len(groups[0]) > 3 {
		return "", false
	}
	for i, g := range groups {
		if i > 0 && len(g) != 3 {
			return "", false
		}
		for _, c := range []byte(g) {
			if c < '0' || c > '9' {
				return "", false
			}
		}
	}
	return sign + strings.Join(groups, ""), true
}

// splitUnit splits a token of digits followed by a unit word ("3600s",
// "32GB", "18hours") into the number and the unit in lower case; ok is
// false when the letters after the digits are no unit (unitWords).
func splitUnit(tok string) (num, unit string, ok bool) {
	i := len(tok)
	for i > 0 && (tok[i-1] < '0' || tok[i-1] > '9') {
		i--
	}
	if i == 0 || i == len(tok) {
		return "", "", false
	}
	u := strings.ToLower(tok[i:])
	if !slices.Contains(unitWords, u) {
		return "", "", false
	}
	return tok[:i], u, true
}

var (
	secondWords   = []string{"s", "sec", "secs", "second", "seconds"}
	kilobyteWords = []string{"kb", "kib", "kbytes", "kilobytes", "k"}
	unitWords     = slices.Concat(secondWords, kilobyteWords, []string{
		"m", "min", "mins", "minute", "minutes", "h", "hr", "hrs", "hour", "hours", "d", "day", "days", "week", "weeks",
		"b", "bytes", "mb", "mib", "mbytes", "megabytes", "gb", "gib", "gbytes", "gigabytes", "tb", "tib", "terabytes",
	})
)

// Layouts of the header's StartTime and EndTime: SWF 2.2 writes them as
// date(1) prints a time ("Changed format of StartTime and EndTime be like
// that of 'date'", swf.html's version table): "Tue Feb 01 15:38:44 CET
// 2011"; the same without the zone abbreviation is ctime(3)'s form.
var wallTimeLayouts = []struct {
	layout string
	zone   bool // the layout carries a zone abbreviation
}{
	{"Mon Jan _2 15:04:05 MST 2006", true},
	{"Mon Jan _2 15:04:05 2006", false},
}

// ParseWallTime reads a StartTime or EndTime value of the header: in the
// form date(1) prints (SWF 2.2: "Tue Feb 01 15:38:44 CET 2011") or
// ctime(3)'s, without a zone ("Mon Sep 23 14:00:31 1996"), blanks between
// the words free. ok is false unless the instant is clear: a zone
// abbreviation must be one the header's zone (Location) uses, or UTC, GMT
// or UT; a time without one needs the header's zone (TimeZoneString or
// TimeZone).
func (h Header) ParseWallTime(value string) (t time.Time, ok bool) {
	v := strings.Join(strings.Fields(value), " ")
	loc, err := h.Location()
	if err != nil || v == "" {
		return time.Time{}, false
	}
	hasZone := h.TimeZoneString != "" || h.TimeZone != 0
	for _, l := range wallTimeLayouts {
		t, err := time.ParseInLocation(l.layout, v, loc)
		if err != nil {
			continue
		}
		if !l.zone {
			return t, hasZone
		}
		name, offset := t.Zone()
		switch strings.ToUpper(name) {
		case "UTC", "GMT", "UT", "Z":
			return t, true
		}
		// An abbreviation unknown to loc parses with offset 0 in a made-up zone.
		return t, offset != 0 || loc != time.UTC && t.Location() == loc
	}
	return time.Time{}, false
}

// startTimeImplied reports whether the header, written without its
// UnixStartTime of 0, would read back with another one, taken from
// StartTime (startTimeIssues): a log's "UnixStartTime: 0" beside a
// StartTime of another instant must then be written, or a converted log
// would start at StartTime where the original starts at 1970 (found by
// FuzzHeader).
func (h *Header) startTimeImplied() bool {
	start, ok := h.ParseWallTime(h.StartTime)
	return ok && start.Unix() != 0 && start.Unix() >= -MaxTime && start.Unix() <= MaxTime
}

// directiveLine returns the index of the first header line with the
// directive key (any case), 0 when none has it.
func directiveLine(lines []string, key string) int {
	for i, l := range lines {
		if k, _, ok := strings.Cut(strings.TrimSpace(l), ":"); ok && strings.EqualFold(strings.TrimSpace(k), key) {
			return i
		}
	}
	return 0
}

// lateStart bounds the UnixStartTime kept without a warning:
// 2100-01-01 00:00 UTC (a log starting later is likely a typo).
// One before 1970 gets one too; both are kept, as the value is usable.
const lateStart = 4102444800

// startRangeIssue reports an UnixStartTime before 1970 or from 2100 on
// (lateStart), without its line; ok is false for one within.
func (h *Header) startRangeIssue() (headerIssue, bool) {
	u := h.UnixStartTime
	if u >= 0 && u < lateStart {
		return headerIssue{}, false
	}
	when := "before 1970"
	if u >= lateStart {
		when = "after 2100"
	}
	hint := ""
	if u == -1 {
		hint = " (-1 marks an unknown value in the job fields, not in the header)"
	}
	return headerIssue{key: "UnixStartTime", value: strconv.FormatInt(u, 10),
		msg: fmt.Sprintf("%d s is %s, %s UTC%s: kept; wall-clock times and dates count from it", u, when,
			time.Unix(u, 0).UTC().Format(time.DateTime), hint)}, true
}

// startTimeIssues takes UnixStartTime from StartTime when the header has
// none (haveUnix false) and StartTime gives a clear instant within
// ±MaxTime of 1970; with both, it reports a StartTime that names another
// instant than UnixStartTime (which is used), and an EndTime before it.
func (h *Header) startTimeIssues(haveUnix bool, lines []string) []headerIssue {
	at := func(key string) int { return directiveLine(lines, key) }
	var issues []headerIssue
	start, ok := h.ParseWallTime(h.StartTime)
	if !ok || start.Unix() < -MaxTime || start.Unix() > MaxTime {
		return nil
	}
	switch {
	case !haveUnix:
		h.UnixStartTime = start.Unix()
		issues = append(issues, headerIssue{index: at("StartTime"), key: "UnixStartTime", value: h.StartTime,
			msg: fmt.Sprintf("absent: taken from StartTime (%s) as %d s", h.StartTime, h.UnixStartTime)})
	case start.Unix() != h.UnixStartTime:
		issues = append(issues, headerIssue{index: at("StartTime"), key: "StartTime", value: h.StartTime,
			msg: fmt.Sprintf("names %d s since 1970, UnixStartTime %d s (%+d s): UnixStartTime is used", start.Unix(), h.UnixStartTime, start.Unix()-h.UnixStartTime)})
	}
	if end, ok := h.ParseWallTime(h.EndTime); ok && end.Before(start) {
		issues = append(issues, headerIssue{index: at("EndTime"), key: "EndTime", value: h.EndTime,
			msg: fmt.Sprintf("%s is before StartTime %s: kept as written", h.EndTime, h.StartTime)})
	}
	return issues
}
