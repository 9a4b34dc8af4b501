package zakay2013

import (
	"fmt"
	"strings"

	"github.com/tracelab/tracelab/analytics/users"
)

// sessionReach is what Table V's "similar" session lengths
// (similarSessions: the classes' medians within 2 SE) accepts on one log,
// read as the ratio of the temporary users' median average session length
// to the long-term users': the band of ratios [1 − 2SE/L, 1 + 2SE/L] (L
// the long-term median, the lower end not below 0), and the ratio measured
// on each other log of Table V against it. An agreement whose band holds
// the ratios of logs where the classes' sessions differ cannot tell
// "similar" from the difference measured there. The tolerance is our
// sampling error and is not narrowed: on SDSC-BLUE (27 temporary users
// against 429) the bootstrap SE of the difference is 16,756 s at 200
// resamples and 16,764 s at 2,000, and the 2.5–97.5% percentile interval
// of the 2,000 differences, −33,338 to +37,318 s, holds 0 as the 2 SE rule
// does (the ratio's, 0.24–1.87, holds 1: read on a log scale it is also
// similar). The entry is a column of Table V with one paper value for
// every log, so ledger.MarkDiscrimination marks such an agreement not
// discriminating.
type sessionReach struct {
	lo, hi float64 // the band of ratios
	others []logRatio
}

// logRatio is a log's measured ratio of the classes' medians.
type logRatio struct {
	log   string
	ratio float64
}

// similarReach is sessionReach of row among r's rows.
func (r *TableVResult) similarReach(row tableVRow) sessionReach {
	_, _, length, _ := classMeans(row.pop)
	long := length[users.LongTerm]
	out := sessionReach{lo: max(0, 1-2*row.seLength/long), hi: 1 + 2*row.seLength/long}
	for _, o := range r.rows {
		if o.log == row.log {
			continue
		}
		_, _, l, _ := classMeans(o.pop)
		out.others = append(out.others, logRatio{o.log, l[users.Temporary] / l[users.LongTerm]})
	}
	return out
}

// inside is the number of other logs whose ratio lies in the band.
func (s sessionReach) inside() int {
	n := 0
	for _, o := range s.others {
		if s.lo <= o.ratio && o.ratio <= s.hi {
			n++
		}
	}
	return n
}

// words says the band and how many other logs' ratios it holds.
func (s sessionReach) words() string {
	var in []string
	for _, o := range s.others {
		if s.lo <= o.ratio && o.ratio <= s.hi {
			in = append(in, fmt.Sprintf("%s %.3f", o.log, o.ratio))
		}
	}
	w := fmt.Sprintf("within 2 SE the temporary median may be %.2f–%.2f of the long-term one; the ratio measured on %d of the %d other logs lies in that band",
		s.lo, s.hi, len(in), len(s.others))
	if len(in) > 0 {
		w += ": " + strings.Join(in, ", ")
	}
	return w
}
