package zakay2013

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/repro/ledger"
)

// TestLowUtilizationStandIn: §6.3's "some logs have a very low
// utilization, in the range of 10–30%" names no log, so our count over
// the logs of Table I we have stands in for the paper's: not comparable
// whichever way it falls (one low log of 9 as in the full ledger, or two),
// with our count, every log's utilisation and SDSC-Par-1996's kept.
func TestLowUtilizationStandIn(t *testing.T) {
	for _, c := range []struct {
		name  string
		loads []logLoad
		count float64
	}{
		{"one low log", []logLoad{{"OSC-cluster", 0.128, 0.128}, {"HPC2N", 0.60, 0.61}}, 1},
		{"two low logs", []logLoad{{"OSC-cluster", 0.128, 0.128}, {"HPC2N", 0.25, 0.26}}, 2},
	} {
		r := &Fig11Result{original: 0.128, utilization: []float64{0.7, 0.75}, offered: []float64{0.76, 0.78}, originalOffered: 0.128,
			ks: ksOf(pointLog(0), pointLogs(0, 0, 1)), lowLoad: c.loads, lacking: []string{"SDSC-Par", "ANL-Intrepid", "PIK-IPLEX"},
			standInLoad: &logLoad{"SDSC-Par-1996", 0.75, 0.75}}
		l := ledger.New("zakay2013")
		r.claims(l)
		e, ok := l.Lookup("fig11/low_utilization_logs")
		if !ok {
			t.Fatalf("%s: no fig11/low_utilization_logs", c.name)
		}
		if e.Verdict != ledger.NotComparable || e.StandIn == "" || e.Number() != c.count {
			t.Errorf("%s: %s, stand-in %q, count %v; want not comparable on a stand-in, %v", c.name, e.Verdict, e.StandIn, e.Number(), c.count)
		}
		if !strings.Contains(e.Reason, "names no log") || !strings.Contains(e.OurValue, "OSC-cluster 13%") {
			t.Errorf("%s: reason %q, our value %q", c.name, e.Reason, e.OurValue)
		}
		if c.count < 2 && !strings.Contains(e.OurValue, "SDSC-Par-1996, which stands in for SDSC-Par-1995 elsewhere, 75%") {
			t.Errorf("%s: our value %q lacks SDSC-Par-1996's utilisation", c.name, e.OurValue)
		}
	}
}
