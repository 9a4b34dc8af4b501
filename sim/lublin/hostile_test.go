package lublin

import (
	"math"
	"strings"
	"testing"
)

// TestHostileParams: parameters that made Generate hang or write nonsense
// are refused by Validate. Before: a NaN log cap or one below nearly all
// of a Gamma's mass (1e-9; or shape and scale 1e300 under the default cap)
// redrew for ever; a log cap of 1e300 gave runtimes above 100 years and a
// header MaxRuntime of int64(+Inf); a machine of MaxInt processors drew
// jobs of −2^63 processors.
func TestHostileParams(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		change  func(p *Params)
		wantErr string
	}{
		{"runtime cap NaN", func(p *Params) { p.MaxLogRuntime = math.NaN() }, "log caps NaN"},
		{"inter-arrival cap NaN", func(p *Params) { p.MaxLogInterarrival = math.NaN() }, "(inter-arrival): want 0"},
		{"runtime cap negative", func(p *Params) { p.MaxLogRuntime = -1 }, "log caps -1"},
		{"runtime cap 1e300", func(p *Params) { p.MaxLogRuntime = 1e300 }, "ln(datasets.MaxDuration)"},
		{"runtime cap +Inf", func(p *Params) { p.MaxLogRuntime = math.Inf(1) }, "ln(datasets.MaxDuration)"},
		{"runtime cap 1e-9", func(p *Params) { p.MaxLogRuntime = 1e-9 }, "of its mass below the log cap"},
		{"inter-arrival cap 1e-9", func(p *Params) { p.MaxLogInterarrival = 1e-9 }, "inter-arrival Gamma"},
		{"runtime Gamma far above the cap", func(p *Params) { p.Classes[0].Runtime.Alpha2, p.Classes[0].Runtime.Beta2 = 1e300, 1e300 }, "runtime Gamma 2"},
		{"arrival Gamma far above the cap", func(p *Params) { p.Classes[0].Arrival.Alpha, p.Classes[0].Arrival.Beta = 1e300, 1e300 }, "inter-arrival Gamma"},
		{"machine of MaxInt", func(p *Params) { p.Procs = math.MaxInt }, "want 1 to 9007199254740992"},
		{"machine of 2^53, sizes up to it", func(p *Params) { p.Procs, p.Classes[0].Size.High = MaxProcs, 53 }, ""},
		{"caps at the bound", func(p *Params) { p.MaxLogRuntime, p.MaxLogInterarrival = math.Log(3.15e9), 21 }, ""},
	} {
		p, err := PaperParams(128)
		if err != nil {
			t.Fatal(err)
		}
		p.Classes = append([]Class(nil), p.Classes...)
		c.change(&p)
		err = p.Validate()
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.wantErr)
		}
		if c.wantErr == "" {
			tr, err := Generate(p, 200, 1)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			for i, w := range tr.Procs {
				if w < 1 || w > p.Procs {
					t.Fatalf("%s: job %d has %d processors on %d", c.name, i, w, p.Procs)
				}
			}
		}
	}
}
