package cli

import (
	"encoding/json"
	"testing"

	"github.com/tracelab/tracelab/datasets"
	"github.com/tracelab/tracelab/sim"
)

// --scheduler conservative:K runs Conservative with reservation depth K
// and names it so in the summary.
func TestSimulateConservativeDepth(t *testing.T) {
	out, _, err := runCLI(t, "simulate", "--scheduler", "conservative:3", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	r, err := sim.Replay(datasets.Sample(), &sim.Conservative{Depth: 3}, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s := r.Summary(); got["scheduler"] != "conservative:3" || got["avg_wait"] != s.AvgWait {
		t.Errorf("summary %v, library avg_wait %v", got, s.AvgWait)
	}
	if _, _, err := runCLI(t, "simulate", "--scheduler", "conservative:0"); err == nil {
		t.Error("--scheduler conservative:0 accepted")
	}
}
