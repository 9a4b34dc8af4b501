package resample

import (
	"strings"
	"testing"

	"github.com/tracelab/tracelab/analytics/fit"
	"github.com/tracelab/tracelab/analytics/users"
)

func TestFrames(t *testing.T) {
	t.Parallel()
	p, err := NewPools(smallLog(), PoolOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Generate(Options{Extend: 2, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	df := r.Frame()
	if df.Err != nil || df.Nrow() != r.Trace.Len() {
		t.Fatalf("Frame: %v, %d rows", df.Err, df.Nrow())
	}
	names := strings.Join(df.Names(), ",")
	if !strings.HasPrefix(names, "job_id,submit,") || !strings.HasSuffix(names, ",kind,source_user,source_job") {
		t.Errorf("Frame columns %s", names)
	}
	su, _ := df.Col("source_user").Int()
	for i, j := range r.Source {
		if su[i] != p.Trace.User[j] {
			t.Fatalf("row %d: source_user %d, want %d", i, su[i], p.Trace.User[j])
		}
	}
	in := r.InstancesFrame()
	if in.Err != nil || in.Nrow() != len(r.Instances) || strings.Join(in.Names(), ",") !=
		"user,kind,source_user,copy,arrival_week,phase_week,shift_weeks,jobs" {
		t.Errorf("InstancesFrame: %v %v", in.Err, in.Names())
	}
	jobs, _ := in.Col("jobs").Int()
	total := 0
	for _, j := range jobs {
		total += j
	}
	if total != r.Trace.Len() {
		t.Errorf("instances hold %d jobs, the log %d", total, r.Trace.Len())
	}
}

func TestMarginalKS(t *testing.T) {
	t.Parallel()
	tr := smallLog()
	m, err := users.ComputeMarginals(tr, users.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for k, d := range MarginalKS(m, m) {
		if d != 0 {
			t.Errorf("%s: KS of a log with itself %v", MarginalNames()[k], d)
		}
	}
	// Moving every job by 12 hours changes the weekly cycle but not the
	// number of jobs of any user.
	shifted := tr.Clone()
	for i := range shifted.Submit {
		shifted.Submit[i] += 12 * 3600
	}
	sm, err := users.ComputeMarginals(shifted, users.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ks := MarginalKS(m, sm)
	if ks[len(ks)-1] == 0 || ks[0] != 0 {
		t.Errorf("shifted by 12 h: KS %v", ks)
	}
	// The critical distances follow the counts: users with a value for
	// the per-user marginals, jobs for the arrivals per hour of the week.
	crit := MarginalCritical(m, sm)
	if n := m.Users(); crit[0] != fit.KSTwoSampleCritical(n, n) || crit[len(crit)-1] != fit.KSTwoSampleCritical(tr.Len(), tr.Len()) {
		t.Errorf("critical distances %v (users %d, jobs %d)", crit, n, tr.Len())
	}
	df := KSFrame(m, []users.Marginals{sm, m})
	if df.Err != nil || df.Nrow() != 2*len(MarginalNames()) {
		t.Fatalf("KSFrame: %v, %d rows", df.Err, df.Nrow())
	}
	if v := df.Col("variant").Records(); v[0] != "small" || v[len(v)-1] != "small" {
		t.Errorf("variant names %v", v)
	}
}
